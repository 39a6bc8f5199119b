import { Alert, Stack, Text } from '@mantine/core';
import { MEMBER_MESSAGES, type TeamMember } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteMember } from './api';

export const MEMBER_REMOVED = 'Team member removed.';

/**
 * Confirms removing a member. A refusal toasts the spec's 'Error deleting
 * team member.' and keeps the dialog open with the server's reason (the last
 * owner, the super admin…), so the person learns why.
 */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const remove = useDeleteMember();
  const reason = remove.error instanceof ApiError && remove.error.status !== 0 ? remove.error.messages[0] : undefined;
  return (
    <ConfirmDialog
      opened
      title="Remove team member"
      confirmLabel="Remove"
      danger
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(member.userId, {
          onSuccess: () => {
            notifySuccess(MEMBER_REMOVED);
            onClose();
          },
          onError: () => notifyError(MEMBER_MESSAGES.deleteFailed),
        })
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          Remove {member.name} ({member.email}) from the team? They lose access to this account at once.
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
