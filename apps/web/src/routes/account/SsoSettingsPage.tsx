import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import IconKey from '@tabler/icons-react/dist/esm/icons/IconKey.mjs';
import { ACCOUNT_SSO_MESSAGES, canOpenScreen, type Role, type SsoSettings } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { Spinner } from '../../components/Spinner';
import { isForbidden, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRoles } from '../../features/roles/api';
import { ServiceProviderValues } from '../../features/account-sso/ServiceProviderValues';
import { SsoConnectionForm } from '../../features/account-sso/SsoConnectionForm';
import { SsoDomains } from '../../features/account-sso/SsoDomains';
import { SsoEnforcement } from '../../features/account-sso/SsoEnforcement';
import { SsoTestPanel, useReturnedTest } from '../../features/account-sso/SsoTestPanel';
import { useDeleteSsoConnection, useSsoSettings } from '../../features/account-sso/settings-api';
import { Section } from './Section';

/** What anyone but the owner sees, as on the other owner-only tabs. */
function OwnerOnly() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm">{ACCOUNT_SSO_MESSAGES.ownerOnly}</Text>
    </Paper>
  );
}

/**
 * /client/sso, the Account area's Single sign-on tab (issue 45): the owner connects the
 * company's identity provider (OIDC or SAML), proves it with a test sign-in, claims the
 * company's domains and may then enforce single sign-on for their people. The calls answer
 * only the owner (403 for anyone else, who sees why).
 */
export default function SsoSettingsPage() {
  const account = useAccount();
  const mayOpen = canOpenScreen(account.permissions, 'sso');
  const settings = useSsoSettings(mayOpen);
  const returned = useReturnedTest();
  if (!mayOpen || isForbidden(settings.error)) return <OwnerOnly />;
  if (settings.isError && !settings.data) {
    return <LoadError message={withServerReason('The single sign-on settings could not be loaded.', settings.error)} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <Spinner label="Loading single sign-on settings" />;
  return <SsoSettings data={settings.data} returned={returned} />;
}

function SsoSettings({ data, returned }: { data: SsoSettings; returned: ReturnType<typeof useReturnedTest> }) {
  const { connection, domains } = data;
  const [edited, setEdited] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Stack gap="xl">
      <Section title="Your identity provider" description="Create an application for the console at your identity provider (Okta, Entra ID, Google Workspace…) with these values.">
        <ServiceProviderValues serviceProvider={data.serviceProvider} saml={connection?.saml ?? null} />
      </Section>
      <Section title="Connection" description="How the console reaches your identity provider, and the role each person gets when they first sign in.">
        {connection || settingUp ? (
          <ConnectionEditor key={savedKey(connection)} connection={connection} onEdited={setEdited} />
        ) : (
          <EmptyState
            icon={<IconKey size={32} />}
            title="Single sign-on is not set up"
            description="Connect your identity provider with OpenID Connect or SAML 2.0."
            action={<Button onClick={() => setSettingUp(true)}>Set up single sign-on</Button>}
          />
        )}
      </Section>
      {connection && (
        <Section title="Test sign-in" description="Sign in at your identity provider to prove the saved settings work. Only then can single sign-on be enforced.">
          <SsoTestPanel connection={connection} edited={edited} returned={returned} />
        </Section>
      )}
      <Section title="Domains" description="People whose email is at a verified domain sign in through your identity provider. Prove each domain with a code mailed to an address there.">
        <SsoDomains domains={domains} />
      </Section>
      {connection && (
        <Section title="Enforcement" description="Refuse password sign-in for the people of your verified domains.">
          <SsoEnforcement connection={connection} domains={domains} />
        </Section>
      )}
      {connection && <RemoveConnection onRemoved={() => setSettingUp(false)} />}
    </Stack>
  );
}

/**
 * The form starts afresh when the saved settings change (a save, another tab's), not when only
 * the state does (a test, enforcing): those leave an owner's unsaved edits alone.
 */
const savedKey = (c: SsoSettings['connection']): string => (c ? JSON.stringify([c.id, c.protocol, c.oidc, c.saml, c.defaultRoleId, c.groupRoles]) : 'new');

/** The form once the roles it offers are read. */
function ConnectionEditor({ connection, onEdited }: { connection: SsoSettings['connection']; onEdited: (edited: boolean) => void }) {
  const roles = useRoles();
  if (roles.isError) return <LoadError message={withServerReason('The roles could not be loaded.', roles.error)} onRetry={() => void roles.refetch()} />;
  if (!roles.data) return <Spinner label="Loading roles" />;
  return <SsoConnectionForm connection={connection} roles={roles.data as readonly Role[]} onEdited={onEdited} />;
}

function RemoveConnection({ onRemoved }: { onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSsoConnection();
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        onRemoved();
        notifySuccess('Single sign-on removed');
      },
      onError: (error) => notifyError(errorMessage(error, 'Single sign-on could not be removed.')),
      onSettled: () => setConfirming(false),
    });
  return (
    <Section title="Remove single sign-on" description="Stops single sign-on for the whole account.">
      <Group>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Remove connection
        </Button>
      </Group>
      <ConfirmDialog opened={confirming} title="Remove single sign-on" confirmLabel="Remove" danger loading={remove.isPending} onConfirm={onConfirm} onCancel={() => setConfirming(false)}>
        The connection to your identity provider is removed and nobody signs in with single sign-on any more; if it was enforced, passwords work again. Your claimed domains are kept.
      </ConfirmDialog>
    </Section>
  );
}
