import { ROLE_MESSAGES, type Role } from '@replay/contracts';
import { DestructiveDialog } from '../../components/DestructiveDialog';
import { withStatusText } from '../../components/list/status-text';
import { useDeleteRole } from './api';

export const ROLE_DELETED = 'Role deleted.';

/**
 * Confirms deleting a role. A refusal toasts 'Error deleting role' with the
 * status text and keeps the dialog open with the server's reason (e.g. the
 * role is still assigned to members).
 */
export function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const remove = useDeleteRole();
  return (
    <DestructiveDialog
      title="Delete role"
      confirmLabel="Delete"
      mutation={remove}
      variables={role.roleId}
      doneMessage={ROLE_DELETED}
      failedMessage={(error) => withStatusText(ROLE_MESSAGES.deleteFailed, error)}
      onClose={onClose}
    >
      Delete the role {role.name}?{role.memberCount > 0 && ` It is still assigned to ${role.memberCount} member${role.memberCount === 1 ? '' : 's'}: reassign them first.`}
    </DestructiveDialog>
  );
}
