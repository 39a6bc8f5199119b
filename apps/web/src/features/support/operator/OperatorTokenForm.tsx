import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { operatorSupportEndpoints, SUPPORT_MESSAGES } from '@replay/contracts';
import { errorMessage } from '../../../lib/api';
import { isWrongToken, operatorCall } from './api';

interface Props {
  /** Called with a token the console accepted. */
  onAccepted: (token: string) => void;
}

/** The operators' way in: the console's OPERATOR_TOKEN, tried on the queue before it is kept. */
export function OperatorTokenForm({ onAccepted }: Props) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return;
    setChecking(true);
    setError(null);
    try {
      await operatorCall(operatorSupportEndpoints.operatorSupportQueue, { query: { status: 'open' } }, value);
      onAccepted(value);
    } catch (e) {
      setError(isWrongToken(e) ? SUPPORT_MESSAGES.operatorTokenWrong : errorMessage(e, SUPPORT_MESSAGES.listFailed));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={480}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <Text size="sm">
            The support queue is for the people who run this console. Enter the console&apos;s operator token (OPERATOR_TOKEN); it is kept in this tab only, until you sign out or close it.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput label="Operator token" value={token} onChange={(e) => setToken(e.currentTarget.value)} autoComplete="off" required />
          <Button type="submit" loading={checking} disabled={!token.trim()} style={{ alignSelf: 'flex-start' }}>
            Open the queue
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
