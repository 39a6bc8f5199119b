import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import IconUsersGroup from '@tabler/icons-react/dist/esm/icons/IconUsersGroup.mjs';
import { SCIM_MESSAGES, canOpenScreen, type ScimProvisioning } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListStates } from '../../components/list/ListStates';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRoles } from '../../features/roles/api';
import { useCreateScimToken, useMapScimGroup, useProvisioning, useRevokeScimToken } from '../../features/scim/api';
import { ScimGroupsTable } from '../../features/scim/ScimGroupsTable';
import { ScimTokenPanel } from '../../features/scim/ScimTokenPanel';
import { Section } from './Section';

/**
 * /account/provisioning: SCIM 2.0 provisioning (issue 45) for the account's owners. The SCIM
 * base URL and token for the identity provider (shown once; rotate, revoke with a confirmation)
 * and the groups it pushed, each with the role it gives. Others see why they cannot.
 */
export default function ProvisioningPage() {
  const account = useAccount();
  const mayEdit = canOpenScreen(account.permissions, 'membersEdit');
  const provisioning = useProvisioning(mayEdit);
  const roles = useRoles();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const map = useMapScimGroup();
  const [shown, setShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onCreate = async () => {
    try {
      setShown((await create.mutateAsync()).token);
    } catch (err) {
      notifyError(errorMessage(err, 'Could not create the SCIM token.'));
    }
  };
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      setShown(null);
      notifySuccess('SCIM token revoked');
    } catch (err) {
      notifyError(errorMessage(err, 'Could not revoke the SCIM token.'));
    }
    setConfirming(false);
  };
  const onMap = (id: string, roleId: string | null) => map.mutateAsync({ id, roleId }).catch((err: unknown) => notifyError(errorMessage(err, 'Could not change the group’s role.')));

  if (!mayEdit) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text size="sm">{SCIM_MESSAGES.ownerOnly}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xl">
      <Section title="SCIM provisioning" description="Let your identity provider (Okta, Entra ID) create, update and deactivate your team members.">
        <ListStates query={provisioning} loading={{ label: 'Loading provisioning', rows: 2, height: 44 }} errorPrefix="Error fetching provisioning" isEmpty={() => false} empty={null}>
          {(data: ScimProvisioning) => <ScimTokenPanel data={data} shown={shown} busy={create.isPending || revoke.isPending} onCreate={() => void onCreate()} onRevoke={() => setConfirming(true)} />}
        </ListStates>
      </Section>
      <Section title="Groups" description="Each group your identity provider pushes may give its members one of your roles; a member in several takes the role of the oldest mapped group.">
        <ListStates
          query={provisioning}
          loading={{ label: 'Loading groups', rows: 2, height: 44 }}
          errorPrefix="Error fetching groups"
          isEmpty={(data) => data.groups.length === 0}
          empty={<EmptyState icon={<IconUsersGroup size={32} />} title="No groups yet" description="Groups appear here when your identity provider pushes them." />}
        >
          {(data) => <ScimGroupsTable groups={data.groups} roles={roles.data ?? []} busy={map.isPending} onMap={(id, roleId) => void onMap(id, roleId)} />}
        </ListStates>
      </Section>
      <ConfirmDialog opened={confirming} title="Revoke the SCIM token" confirmLabel="Revoke" danger loading={revoke.isPending} onConfirm={() => void onRevoke()} onCancel={() => setConfirming(false)}>
        {SCIM_MESSAGES.revokeConfirm}
      </ConfirmDialog>
    </Stack>
  );
}
