import { Alert, Stack, Text } from '@mantine/core';
import { CopyableValue } from './CopyableValue';

interface Props {
  secret: string;
  /** Why it is shown once (the console keeps only its digest, or keeps it sealed). */
  message: string;
  /** What the secret is, for the copy button ("Copy API key secret"). */
  label: string;
  testId: string;
}

/** A secret the console shows this once, after it is made or rotated: the one place that says so. */
export function ShownOnceSecret({ secret, message, label, testId }: Props) {
  return (
    <Alert color="yellow" title="Shown only once">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <CopyableValue value={secret} label={label} testId={testId} />
      </Stack>
    </Alert>
  );
}
