import { TextInput } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import { INSTANCE_MESSAGES, INSTANCE_URL_MAX, normalizeInstanceUrl } from '@replay/contracts';
import { Spinner } from '../../../components/Spinner';
import type { UrlAvailability } from '../../../features/instances/create/url-availability';

interface Props {
  value: string;
  onChange: (url: string) => void;
  availability: UrlAvailability;
  error?: string;
}

/** Instance URL: only letters, digits, underscore and hyphen are kept as you type, at most 64; availability shows beside it. */
export function UrlField({ value, onChange, availability, error }: Props) {
  const right = availability.checking ? (
    <Spinner size={14} label="Checking availability" />
  ) : availability.available ? (
    <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Available" />
  ) : null;
  return (
    <TextInput
      label="Instance URL"
      description="Letters, digits, underscores and hyphens."
      required
      value={value}
      maxLength={INSTANCE_URL_MAX}
      onChange={(e) => onChange(normalizeInstanceUrl(e.currentTarget.value))}
      rightSection={right}
      error={availability.taken ? INSTANCE_MESSAGES.urlTaken : error}
      autoComplete="off"
      spellCheck={false}
    />
  );
}
