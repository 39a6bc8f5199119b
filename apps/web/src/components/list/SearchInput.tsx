import { TextInput, type TextInputProps } from '@mantine/core';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** Shown in the empty box, and the box's accessible name. */
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a list, 320 px wide. */
export function SearchInput({ placeholder, value, onChange, ...rest }: Props) {
  return (
    <TextInput
      aria-label={placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={320}
      type="search"
      {...rest}
    />
  );
}
