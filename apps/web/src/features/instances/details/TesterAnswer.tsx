import { Alert, Text } from '@mantine/core';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import IconCircleX from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
import { errorMessage } from '../../../lib/api';

interface Props {
  /** The instance's answer in words, once it came. */
  answer: { allowed: boolean; title: string; reason: string } | null;
  /** The question could not be put (not running, unreachable). */
  error: unknown;
}

/** What a tester on the details page (an origin, an address) got from the instance: allowed or refused, and why. */
export function TesterAnswer({ answer, error }: Props) {
  return (
    <>
      {answer && (
        <Alert role="status" color={answer.allowed ? 'green' : 'red'} variant="light" icon={answer.allowed ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />} title={answer.title}>
          <Text size="sm">{answer.reason}</Text>
        </Alert>
      )}
      {error !== null && error !== undefined && (
        <Alert role="alert" color="red" variant="light">
          {errorMessage(error, 'The instance could not be asked.')}
        </Alert>
      )}
    </>
  );
}
