import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import { ROLE_MESSAGES, canOpenScreen, type Role } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { withStatusText } from '../../components/list/status-text';
import { useRoles } from '../../features/roles/api';
import { DeleteRoleDialog } from '../../features/roles/DeleteRoleDialog';
import { RoleFormModal } from '../../features/roles/RoleFormModal';
import { RolesTable } from '../../features/roles/RolesTable';
import { WhoCanPanel } from '../../features/permission-viewer/WhoCanPanel';
import { notifyError } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';

/** /roles: every role and what it grants; create, edit and delete with EDIT_ROLES (protected roles never). */
export default function RolesPage() {
  useConsoleTitle('Roles and Access');
  const account = useAccount();
  const canEdit = canOpenScreen(account.permissions, 'rolesEdit');
  // The viewer answers holders of EDIT_MEMBERS (who already see every role and member).
  const canViewAccess = canOpenScreen(account.permissions, 'membersEdit');
  const roles = useRoles();
  const [open, setOpen] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  // Spec section 8: list errors appear as toasts (the error state below offers a retry too).
  useEffect(() => {
    if (roles.error) notifyError(withStatusText(ROLE_MESSAGES.fetchRolesFailed, roles.error));
  }, [roles.error]);

  const createButton = canEdit && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
      Create Role
    </Button>
  );

  return (
    <>
      <PageTitle title="Roles and Access" actions={createButton} />
      <Stack gap="lg">
        <ListStates
          query={roles}
          loading={{ label: 'Loading roles', rows: 3, height: 44 }}
          errorPrefix={ROLE_MESSAGES.fetchRolesFailed}
          isEmpty={(data) => data.length === 0}
          empty={<EmptyState icon={<IconShieldLock size={32} />} title="No roles yet" description="Roles grant permissions on all instances or chosen ones." />}
        >
          {(data) => <RolesTable roles={data} canEdit={canEdit} onOpen={setOpen} onDelete={setDeleting} />}
        </ListStates>
        {canViewAccess && <WhoCanPanel />}
      </Stack>
      {open !== null && <RoleFormModal key={open === 'new' ? 'new' : open.roleId} role={open === 'new' ? null : open} actor={account} onClose={() => setOpen(null)} />}
      {canEdit && deleting && <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
