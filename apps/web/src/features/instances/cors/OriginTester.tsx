import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { CORS_MESSAGES, originOf } from '@replay/contracts';
import { TesterAnswer } from '../details/TesterAnswer';
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
      <TesterAnswer
        answer={
          answer ? { allowed: answer.allowed, title: answer.allowed ? `A tracker on ${answer.origin} can send recordings` : `A tracker on ${answer.origin} is refused`, reason: answer.reason } : null
        }
        error={check.error}
      />
    </Stack>
  );
}
