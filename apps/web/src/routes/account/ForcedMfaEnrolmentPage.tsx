import { AUTH_MESSAGES } from '@replay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { currentAccountKey } from '../../features/account/api';
import { TwoFactorSection } from '../../features/mfa/TwoFactorSection';
import { ForcedStepFrame } from './ForcedStepFrame';

/**
 * The account requires a second factor this member has not set up: nothing else opens
 * (the server answers 403 mfa_enrolment_required to every other call) until they do.
 */
export default function ForcedMfaEnrolmentPage() {
  const queryClient = useQueryClient();
  return (
    <ForcedStepFrame title="Set up two-factor authentication" subtitle={AUTH_MESSAGES.mfaEnrolmentRequired}>
      {/* Once the recovery codes are put away, the account is read again: without the flag the console opens. */}
      <TwoFactorSection onEnabled={() => void queryClient.invalidateQueries({ queryKey: currentAccountKey })} />
    </ForcedStepFrame>
  );
}
