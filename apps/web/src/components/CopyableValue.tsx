import { Code, Group } from '@mantine/core';
import { CopyButton } from './CopyButton';

interface Props {
  value: string;
  /** What the value is, for the copy button's accessible name ("Copy SCIM token"). */
  label: string;
  testId?: string;
}

/** A value to copy elsewhere (a key, a URL, a secret): shown whole, wrapped anywhere, with its copy button. */
export function CopyableValue({ value, label, testId }: Props) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value} label={label} />
    </Group>
  );
}
