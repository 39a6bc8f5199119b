import { ActionIcon, Group, Tooltip } from '@mantine/core';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
import IconShieldSearch from '@tabler/icons-react/dist/esm/icons/IconShieldSearch.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { MEMBER_MESSAGES, memberState, type TeamMember } from '@replay/contracts';
import { startProgressToast } from '../../components/progress-toast';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRenewInvitation } from './api';
import { ResetMemberMfaAction } from '../mfa/ResetMemberMfaAction';

export const RENEW_FAILED = 'Could not generate a new invitation link.';

interface Props {
  member: TeamMember;
  /** The signed-in user: nobody removes themselves. */
  selfId: string;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
  onViewPermissions: (member: TeamMember) => void;
}

/** Copies a pending member's joining link; without one (expired) says so. */
export async function copyInvitationLink(member: Pick<TeamMember, 'invitationLink'>): Promise<void> {
  if (!member.invitationLink) {
    notifyError(MEMBER_MESSAGES.linkExpired);
    return;
  }
  try {
    await navigator.clipboard.writeText(member.invitationLink);
    notifySuccess(MEMBER_MESSAGES.linkCopied);
  } catch {
    notifyError('Could not copy to the clipboard.');
  }
}

/** The row's controls for EDIT_MEMBERS holders: joining link (copy or renew), permissions, edit, remove. */
export function MemberActions({ member, selfId, onEdit, onRemove, onViewPermissions }: Props) {
  const renew = useRenewInvitation();
  const state = memberState(member);
  const removable = !member.superAdmin && member.userId !== selfId;

  const generate = () => {
    const toast = startProgressToast(MEMBER_MESSAGES.generatingInviteCode);
    renew.mutate(member.userId, {
      onSuccess: () => toast.success(MEMBER_MESSAGES.inviteCodeGenerated),
      onError: (error) => toast.error(errorMessage(error, RENEW_FAILED)),
    });
  };

  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {state !== 'joined' && (
        <Tooltip label="Copy invitation link">
          <ActionIcon variant="subtle" color="gray" aria-label={`Copy invitation link of ${member.name}`} onClick={() => void copyInvitationLink(member)}>
            <IconLink size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {state === 'expired' && (
        <Tooltip label="Generate new link">
          <ActionIcon variant="subtle" color="gray" aria-label={`Generate new link for ${member.name}`} loading={renew.isPending} onClick={generate}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="View permissions">
        <ActionIcon variant="subtle" color="gray" aria-label={`View permissions of ${member.name}`} onClick={() => onViewPermissions(member)}>
          <IconShieldSearch size={16} />
        </ActionIcon>
      </Tooltip>
      {state === 'joined' && member.userId !== selfId && <ResetMemberMfaAction member={member} />}
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${member.name}`} onClick={() => onEdit(member)}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      {removable && (
        <Tooltip label="Remove">
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${member.name}`} onClick={() => onRemove(member)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
