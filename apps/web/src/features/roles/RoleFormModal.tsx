import { ROLE_MESSAGES, type Account, type Role } from '@replay/contracts';
import { RecordFormModal } from '../../components/RecordFormModal';
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
  const fresh = useRole(role?.roleId ?? null);
  return (
    <RecordFormModal
      title={role ? (roleReadOnlyReason(role, actor) ? role.name : 'Edit Role') : 'Create Role'}
      size="large"
      isNew={role === null}
      fresh={fresh}
      fetchFailed={ROLE_MESSAGES.fetchRoleFailed}
      loadingLabel="Loading role"
      onClose={onClose}
    >
      {(current, onBusy) => <RoleForm role={current} actor={actor} onClose={onClose} onBusy={onBusy} />}
    </RecordFormModal>
  );
}
