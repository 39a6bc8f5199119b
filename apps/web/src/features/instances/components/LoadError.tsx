import { Alert, Button, Group, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { errorMessage } from '../../../lib/api';

interface Props {
  /** What could not be read, e.g. 'The instances could not be loaded.' */
  what: string;
  error: unknown;
  onRetry: () => void;
}

/** The error state of a screen part that could not be read: what failed, why when the server said, and Try again. */
export function LoadError({ what, error, onRetry }: Props) {
  const why = errorMessage(error, '');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{why ? `${what} ${why}` : what}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
