import { Alert, Stack, Text } from '@mantine/core';
import { ROLE_MESSAGES, type Role } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { withStatusText } from '../../components/list/status-text';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteRole } from './api';

export const ROLE_DELETED = 'Role deleted.';

/**
 * Confirms deleting a role. A refusal toasts 'Error deleting role' with the
 * status text and keeps the dialog open with the server's reason (e.g. the
 * role is still assigned to members).
 */
export function DeleteRoleDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const remove = useDeleteRole();
  const reason = remove.error instanceof ApiError && remove.error.status !== 0 ? remove.error.messages[0] : undefined;
  return (
    <ConfirmDialog
      opened
      title="Delete role"
      confirmLabel="Delete"
      danger
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(role.roleId, {
          onSuccess: () => {
            notifySuccess(ROLE_DELETED);
            onClose();
          },
          onError: (error) => notifyError(withStatusText(ROLE_MESSAGES.deleteFailed, error)),
        })
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          Delete the role {role.name}?
          {role.memberCount > 0 && ` It is still assigned to ${role.memberCount} member${role.memberCount === 1 ? '' : 's'}: reassign them first.`}
        </Text>
        {reason && (
          <Alert color="red" variant="light" role="alert">
            {reason}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
