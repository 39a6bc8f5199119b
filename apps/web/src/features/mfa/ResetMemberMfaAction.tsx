import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import IconShieldOff from '@tabler/icons-react/dist/esm/icons/IconShieldOff.mjs';
import type { TeamMember } from '@replay/contracts';
import { DestructiveDialog } from '../../components/DestructiveDialog';
import { errorMessage } from '../../lib/api';
import { useResetMemberMfa } from './api';

export const MEMBER_MFA_RESET = 'Two-factor authentication reset.';

/** The Team row's "Reset two-factor authentication", for a member who lost their authenticator and recovery codes. */
export function ResetMemberMfaAction({ member }: { member: TeamMember }) {
  const [open, setOpen] = useState(false);
  const reset = useResetMemberMfa();
  return (
    <>
      <Tooltip label="Reset two-factor authentication">
        <ActionIcon variant="subtle" color="gray" aria-label={`Reset two-factor authentication of ${member.name}`} onClick={() => setOpen(true)}>
          <IconShieldOff size={16} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <DestructiveDialog
          title="Reset two-factor authentication"
          confirmLabel="Reset"
          mutation={reset}
          variables={member.userId}
          doneMessage={MEMBER_MFA_RESET}
          failedMessage={(error) => errorMessage(error, 'Two-factor authentication could not be reset.')}
          onClose={() => setOpen(false)}
        >
          Remove the authenticator and recovery codes of {member.name} ({member.email})? They sign in with their password alone until they set up a new one.
        </DestructiveDialog>
      )}
    </>
  );
}
