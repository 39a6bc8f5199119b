import type { Account, Role, TeamMember } from '@replay/contracts';
import { RecordFormModal } from '../../components/RecordFormModal';
import { useMember } from './api';
import { MemberForm } from './MemberForm';

export const MEMBER_FETCH_FAILED = 'Error fetching team member';

interface Props {
  /** null: a new invitation; else the row being edited (re-read with GET /users/{id} first). */
  member: TeamMember | null;
  roles: readonly Role[];
  rolesLoading: boolean;
  rolesFailed: boolean;
  actor: Account;
  onClose: () => void;
}

/** The invite / edit dialog. Editing starts from the member as the server has it now, not the list's copy. */
export function MemberFormModal({ member, roles, rolesLoading, rolesFailed, actor, onClose }: Props) {
  const fresh = useMember(member?.userId ?? null);
  return (
    <RecordFormModal
      title={member ? 'Edit Team Member' : 'Invite Team Member'}
      size="small"
      isNew={member === null}
      fresh={fresh}
      fetchFailed={MEMBER_FETCH_FAILED}
      loadingLabel="Loading team member"
      onClose={onClose}
    >
      {(current, onBusy) => <MemberForm member={current} roles={roles} rolesLoading={rolesLoading} rolesFailed={rolesFailed} actor={actor} onClose={onClose} onBusy={onBusy} />}
    </RecordFormModal>
  );
}
