import { useEffect, useState } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import type { Account, Role, TeamMember } from '@replay/contracts';
import { withStatusText } from '../../components/list/status-text';
import { notifyError } from '../../lib/notify';
import { useMember } from './api';
import { MemberForm } from './MemberForm';

export const MEMBER_FETCH_FAILED = 'Error fetching team member';

interface Props {
  /** null: a new invitation; else the row being edited (re-read with GET /users/{id} first). */
  member: TeamMember | null;
  roles: readonly Role[];
  rolesLoading: boolean;
  actor: Account;
  onClose: () => void;
}

/** The invite / edit dialog. Editing starts from the member as the server has it now, not the list's copy. */
export function MemberFormModal({ member, roles, rolesLoading, actor, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const fresh = useMember(member?.userId ?? null);

  useEffect(() => {
    if (!fresh.error) return;
    notifyError(withStatusText(MEMBER_FETCH_FAILED, fresh.error));
    onClose();
  }, [fresh.error, onClose]);

  const ready = member === null || fresh.data !== undefined;
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={member ? 'Edit Team Member' : 'Invite Team Member'} size="small">
      {ready ? (
        <MemberForm
          member={fresh.data ?? null}
          roles={roles}
          rolesLoading={rolesLoading}
          actor={actor}
          onClose={onClose}
          onBusy={setBusy}
        />
      ) : (
        <Center py="xl" role="status" aria-label="Loading team member">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
