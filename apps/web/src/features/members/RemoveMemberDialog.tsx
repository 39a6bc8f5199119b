import { MEMBER_MESSAGES, type TeamMember } from '@replay/contracts';
import { DestructiveDialog } from '../../components/DestructiveDialog';
import { useDeleteMember } from './api';

export const MEMBER_REMOVED = 'Team member removed.';

/**
 * Confirms removing a member. A refusal toasts the spec's 'Error deleting
 * team member.' and keeps the dialog open with the server's reason (the last
 * owner, the super admin…).
 */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const remove = useDeleteMember();
  return (
    <DestructiveDialog
      title="Remove team member"
      confirmLabel="Remove"
      mutation={remove}
      variables={member.userId}
      doneMessage={MEMBER_REMOVED}
      failedMessage={() => MEMBER_MESSAGES.deleteFailed}
      onClose={onClose}
    >
      Remove {member.name} ({member.email}) from the team? They lose access to this account at once.
    </DestructiveDialog>
  );
}
