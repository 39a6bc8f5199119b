import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { SsoConnection } from '@replay/contracts';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { useStartSsoTest } from './settings-api';

type Returned = 'passed' | 'failed';

/**
 * The `?test=passed|failed` the IdP's round trip came back with: read once, then taken out of
 * the address (a reload or a shared link must not announce a test that is not happening now).
 */
export function useReturnedTest(): Returned | null {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<Returned | null>(() => {
    const value = params.get('test');
    return value === 'passed' || value === 'failed' ? value : null;
  });
  useEffect(() => {
    if (!params.has('test')) return;
    const rest = new URLSearchParams(params);
    rest.delete('test');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return returned;
}

interface Props {
  connection: SsoConnection;
  /** The form holds changes not saved: the test would prove the saved settings, not these. */
  edited: boolean;
  returned: Returned | null;
}

/** "Test sign-in": the owner signs in at the IdP and comes back; only a test passed with the saved settings lets them be enforced. */
export function SsoTestPanel({ connection, edited, returned }: Props) {
  const start = useStartSsoTest();
  const last = connection.lastTest;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        {returned && (
          <Alert color={returned === 'passed' ? 'teal' : 'red'} title={returned === 'passed' ? 'The test sign-in passed' : 'The test sign-in failed'} role="status">
            {last?.detail ?? ''}
          </Alert>
        )}
        <Text size="sm" data-testid="sso-last-test">
          {last ? `Last test ${formatDateTime(last.at)}: ${last.passed ? 'passed' : 'failed'}. ${last.detail}` : 'No test sign-in yet.'}
        </Text>
        {connection.state === 'draft' && (
          <Text size="sm" c="dimmed">
            These settings have not passed a test sign-in yet: single sign-on cannot be enforced until one does.
          </Text>
        )}
        <FormAlert message={start.error ? errorMessage(start.error, 'The test sign-in could not start.') : null} />
        <Group gap="sm">
          <Button onClick={() => start.mutate()} loading={start.isPending || start.isSuccess} disabled={edited}>
            Test sign-in
          </Button>
          {edited && (
            <Text size="sm" c="dimmed">
              Save your changes first: the test uses the saved settings.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
