import { useState } from 'react';
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { ACCOUNT_SSO_MESSAGES, type AccountSsoState, type SsoConnection, type SsoDomain } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSetSsoEnforcement } from './settings-api';

export const SSO_STATE_LABELS: Record<AccountSsoState, string> = { draft: 'Not tested', tested: 'Tested', enforced: 'Enforced' };
const STATE_COLORS: Record<AccountSsoState, string> = { draft: 'gray', tested: 'blue', enforced: 'teal' };

/** Why enforcing would be refused now, in the server's own words (it holds the same rule: 409). */
function refusal(connection: SsoConnection, domains: SsoDomain[]): string | null {
  if (connection.state === 'draft') return ACCOUNT_SSO_MESSAGES.enforceNeedsTest;
  if (!domains.some((d) => d.status === 'verified')) return ACCOUNT_SSO_MESSAGES.enforceNeedsDomain;
  return null;
}

const listOf = (names: string[]) => (names.length === 0 ? 'the verified domains' : names.join(', '));

/**
 * Enforcing: password sign-in refused for the verified domains' people, who must use "Sign in
 * with SSO"; the owner keeps their password as the break-glass way in (sign-in.door.ts).
 */
export function SsoEnforcement({ connection, domains }: { connection: SsoConnection; domains: SsoDomain[] }) {
  const [confirming, setConfirming] = useState(false);
  const set = useSetSsoEnforcement();
  const enforced = connection.state === 'enforced';
  // What the dialog asks, fixed when it opens: the answer changes the state while the dialog fades out.
  const [target, setTarget] = useState(!enforced);
  const why = enforced ? null : refusal(connection, domains);
  const verified = listOf(domains.filter((d) => d.status === 'verified').map((d) => d.domain));
  const change = () =>
    set.mutate(target, {
      onSuccess: () => notifySuccess(target ? 'Single sign-on is enforced.' : 'Single sign-on is no longer enforced.'),
      onSettled: () => setConfirming(false),
    });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm" fw={500}>
            State
          </Text>
          <Badge variant="light" color={STATE_COLORS[connection.state]} data-testid="sso-state">
            {SSO_STATE_LABELS[connection.state]}
          </Badge>
        </Group>
        <Text size="sm">
          {enforced
            ? `People at ${verified} sign in with single sign-on only; their passwords are refused.`
            : 'Passwords still work. Enforce single sign-on to refuse password sign-in for the people of your verified domains.'}
        </Text>
        {why && (
          <Text size="sm" data-testid="sso-enforce-refusal">
            {why}
          </Text>
        )}
        <FormAlert message={set.error && !confirming ? errorMessage(set.error, 'Enforcement could not be changed.') : null} />
        <Group>
          <Button
            color={enforced ? 'red' : undefined}
            variant={enforced ? 'light' : 'filled'}
            disabled={why !== null}
            onClick={() => {
              setTarget(!enforced);
              setConfirming(true);
            }}
          >
            {enforced ? 'Stop enforcing' : 'Enforce single sign-on'}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={target ? 'Enforce single sign-on' : 'Stop enforcing single sign-on'}
        confirmLabel={target ? 'Enforce' : 'Stop enforcing'}
        danger={!target}
        size="large"
        loading={set.isPending}
        onConfirm={change}
        onCancel={() => {
          setConfirming(false);
          set.reset();
        }}
      >
        {!target ? (
          `People at ${verified} may sign in with their passwords again (and with single sign-on).`
        ) : (
          <Stack gap="xs">
            <Text size="sm">Once enforced:</Text>
            <List size="sm" spacing={4}>
              <List.Item>{`Password sign-in is refused for everyone at ${verified}, also on password reset and when joining by invitation: they use “Sign in with SSO”.`}</List.Item>
              <List.Item>You, the owner, keep your password as the break-glass way in should the identity provider fail; each such sign-in is mailed to the other owners and admins.</List.Item>
              <List.Item>Changing the identity provider’s settings stops enforcement until a test sign-in passes with the new ones; roles may change freely.</List.Item>
            </List>
          </Stack>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
