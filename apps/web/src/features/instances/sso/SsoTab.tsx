import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { SSO_MESSAGES, type SsoConfig } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { SettingTitle } from '../details/SettingTitle';
import { TEST_WAIT_MS, useRemoveSso, useSso } from './hooks';
import { SsoForm } from './SsoForm';

interface Props {
  instanceId: string;
  /** The member may change the instance (EDIT_INSTANCES); others see the settings only. */
  canEdit: boolean;
  /** A Test sign-in runs on the instance, so only a running one can take it. */
  running: boolean;
}

/** The Single Sign-On (SSO) tab: the service provider's details for the IdP, the IdP's settings, a Test sign-in and enforcement. */
export function SsoTab({ instanceId, canEdit, running }: Props) {
  // When the member opened a Test sign-in: its result is asked for until it passes (hooks.ts).
  const [testStartedAt, setTestStartedAt] = useState<number | null>(null);
  useEffect(() => {
    if (testStartedAt === null) return;
    const timer = setTimeout(() => setTestStartedAt(null), TEST_WAIT_MS);
    return () => clearTimeout(timer);
  }, [testStartedAt]);
  const sso = useSso(instanceId, true, testStartedAt);
  if (sso.isError && !sso.data) {
    return <LoadError message={withServerReason('The SSO configuration could not be loaded.', sso.error)} onRetry={() => void sso.refetch()} />;
  }
  if (!sso.data) return <Spinner label="Loading the SSO configuration" />;
  const data = sso.data;
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <SettingTitle title="Single Sign-On (SSO)" pending={data.pending} pendingText={SSO_MESSAGES.pending} />
        <Text size="sm" c="dimmed">
          Your team signs in to the instance through your SAML 2.0 identity provider. Register the instance with it using these details, then enter the provider’s settings below.
        </Text>
        <ServiceProvider sso={data} />
      </Stack>
      {/* Keyed by what was saved, so a save (or another member's) starts the form afresh. */}
      <SsoForm key={`${data.updatedAt ?? 0}-${data.enforce}-${data.test.passedForSaved}`} instanceId={instanceId} sso={data} canEdit={canEdit} />
      {data.idp && <TestSignIn sso={data} running={running} waiting={testStartedAt !== null} onStart={() => setTestStartedAt(Date.now())} />}
      {data.idp && canEdit && <TurnOff instanceId={instanceId} />}
    </Stack>
  );
}

function ServiceProvider({ sso }: { sso: SsoConfig }) {
  const sp = sso.serviceProvider;
  if (!sp) return <Text size="sm">The service provider’s details appear once the instance has an address.</Text>;
  const rows = [
    ['Entity ID', sp.entityId],
    ['Assertion consumer service (ACS) URL', sp.acsUrl],
    ['Single logout (SLO) URL', sp.sloUrl],
    ['Metadata URL', sp.metadataUrl],
  ] as const;
  return (
    <Table withTableBorder aria-label="Service provider details" maw={760}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={260}>
              {name}
            </Table.Th>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Code>{value}</Code>
                <CopyButton value={value} label={`Copy ${name}`} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface TestSignInProps {
  sso: SsoConfig;
  running: boolean;
  /** A Test sign-in was opened from here and its result is being asked for. */
  waiting: boolean;
  onStart: () => void;
}

function TestSignIn({ sso, running, waiting, onStart }: TestSignInProps) {
  const idp = sso.idp!;
  const ready = running && !sso.pending && sso.serviceProvider !== null;
  return (
    <Stack gap="sm">
      <SettingTitle title="Test sign-in" pending={false} pendingText="" />
      <Text size="sm">{`Certificate: ${idp.certificate.subject}, valid until ${formatDate(idp.certificate.notAfter)}.`}</Text>
      {/* A live region: the result arrives while the member is in the other tab, and is read out when it does. */}
      <div role="status" aria-live="polite" aria-label="Test sign-in result">
        {sso.test.passedForSaved ? (
          <Alert color="green" variant="light" data-testid="sso-test-status">
            {`Test sign-in passed${sso.test.testedAt ? ` on ${formatDateTime(sso.test.testedAt)}` : ''}${sso.test.nameId ? ` as ${sso.test.nameId}` : ''}. Enforcing SSO can be switched on.`}
          </Alert>
        ) : waiting ? (
          <Text size="sm" data-testid="sso-test-status">
            {`Waiting for the Test sign-in in the other tab: once it passes through ${idp.name}, it shows here. A failure is explained in that tab.`}
          </Text>
        ) : (
          <Text size="sm" data-testid="sso-test-status">
            No Test sign-in has passed with these settings yet. It opens the instance’s sign-in in a new tab and runs a real round trip through {idp.name}.
          </Text>
        )}
      </div>
      <Group>
        {ready ? (
          <Button component="a" variant="default" href={sso.serviceProvider!.testUrl} target="_blank" rel="noopener" onClick={onStart}>
            Test sign-in
          </Button>
        ) : (
          <Button variant="default" disabled>
            Test sign-in
          </Button>
        )}
        {!running && (
          <Text size="sm" c="dimmed">
            {SSO_MESSAGES.notRunning}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function TurnOff({ instanceId }: { instanceId: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSso(instanceId);
  return (
    <Group>
      <Anchor component="button" type="button" c="red" size="sm" onClick={() => setConfirming(true)}>
        Turn off SSO
      </Anchor>
      <ConfirmDialog
        opened={confirming}
        title="Turn off SSO?"
        confirmLabel="Turn off SSO"
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        The instance forgets the identity provider and signs its users in with passwords again.
      </ConfirmDialog>
    </Group>
  );
}
