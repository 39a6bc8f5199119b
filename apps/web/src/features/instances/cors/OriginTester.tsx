import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import IconCircleCheck from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
import IconCircleX from '@tabler/icons-react/dist/esm/icons/IconCircleX.mjs';
import { CORS_MESSAGES, originOf } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { useCorsCheck } from './hooks';
import { FieldForm } from './FieldForm';

interface Props {
  instanceId: string;
  running: boolean;
}

/**
 * Would a tracker on this site be let in? The console asks the instance the preflight a
 * browser would send and shows its answer in words: the check no peer offers, and the
 * one that settles "why does my tracker send nothing".
 */
export function OriginTester({ instanceId, running }: Props) {
  const [origin, setOrigin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCorsCheck(instanceId);

  const submit = () => {
    const trimmed = origin.trim();
    if (!trimmed) return setError(CORS_MESSAGES.emptyOrigin);
    if (!originOf(trimmed)) return setError(CORS_MESSAGES.notAnOrigin(trimmed));
    check.mutate(trimmed);
  };

  const answer = check.data;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Test an origin
      </Title>
      <FieldForm
        label="Site origin"
        placeholder="https://shop.example.com"
        value={origin}
        onChange={(value) => {
          setOrigin(value);
          setError(null);
          check.reset();
        }}
        error={error}
        description={running ? undefined : 'The instance answers only while it runs.'}
        action="Test"
        onSubmit={submit}
        loading={check.isPending}
        disabled={!running}
      />
      {answer && (
        <Alert
          role="status"
          color={answer.allowed ? 'green' : 'red'}
          variant="light"
          icon={answer.allowed ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
          title={answer.allowed ? `A tracker on ${answer.origin} can send recordings` : `A tracker on ${answer.origin} is refused`}
        >
          <Text size="sm">{answer.reason}</Text>
        </Alert>
      )}
      {check.isError && (
        <Alert role="alert" color="red" variant="light">
          {errorMessage(check.error, 'The instance could not be asked.')}
        </Alert>
      )}
    </Stack>
  );
}
