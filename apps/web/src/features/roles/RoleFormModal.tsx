import { useEffect, useState } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { ROLE_MESSAGES, type Account, type Role } from '@replay/contracts';
import { withStatusText } from '../../components/list/status-text';
import { notifyError } from '../../lib/notify';
import { useRole } from './api';
import { RoleForm } from './RoleForm';
import { roleReadOnlyReason } from './role-form';

interface Props {
  /** null: a new role; else the list's row (re-read with GET /client/roles/{id} first). */
  role: Role | null;
  actor: Account;
  onClose: () => void;
}

/** The create / edit / view dialog. An existing role opens as the server has it now, not the list's copy. */
export function RoleFormModal({ role, actor, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const fresh = useRole(role?.roleId ?? null);

  useEffect(() => {
    if (!fresh.error) return;
    notifyError(withStatusText(ROLE_MESSAGES.fetchRoleFailed, fresh.error));
    onClose();
  }, [fresh.error, onClose]);

  const title = role ? (roleReadOnlyReason(role, actor) ? role.name : 'Edit Role') : 'Create Role';
  const ready = role === null || fresh.data !== undefined;
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={title} size="large">
      {ready ? (
        <RoleForm role={fresh.data ?? null} actor={actor} onClose={onClose} onBusy={setBusy} />
      ) : (
        <Center py="xl" role="status" aria-label="Loading role">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
