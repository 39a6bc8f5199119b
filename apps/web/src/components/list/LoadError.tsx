import { Alert, Button, Group, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';

interface Props {
  /** What failed, e.g. 'Error fetching roles: Internal Server Error' (see status-text.ts). */
  message: string;
  onRetry: () => void;
}

/** The error state of a list that could not be read: what failed, and a way to try again. */
export function LoadError({ message, onRetry }: Props) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
