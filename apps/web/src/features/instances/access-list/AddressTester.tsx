import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { accessCheckBodySchema } from '@replay/contracts';
import { TesterAnswer } from '../details/TesterAnswer';
import { FieldForm } from '../cors/FieldForm';
import { useAccessCheck } from './hooks';

/** Would a person at this address reach the instance? Asked of the running instance, by the list it holds. */
export function AddressTester({ instanceId, running, yourAddress }: { instanceId: string; running: boolean; yourAddress: string | null }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useAccessCheck(instanceId);

  const submit = () => {
    const parsed = accessCheckBodySchema.safeParse({ address });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    check.mutate(parsed.data.address);
  };

  const answer = check.data;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Test an address
      </Title>
      <FieldForm
        label="Client address"
        placeholder={yourAddress ?? '203.0.113.7'}
        value={address}
        onChange={(value) => {
          setAddress(value);
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
        answer={answer ? { allowed: answer.allowed, title: answer.allowed ? `${answer.address} reaches the instance` : `${answer.address} is refused`, reason: answer.reason } : null}
        error={check.error}
      />
    </Stack>
  );
}
