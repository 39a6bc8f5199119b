import { ForcedStepFrame } from './ForcedStepFrame';
import { PasswordForm } from './PasswordForm';

/**
 * An account flagged changePassword is not signed in yet (spec: logged in is
 * a token and an account not so flagged): it sets a new password first.
 */
export default function ForcedPasswordChangePage() {
  return (
    <ForcedStepFrame title="Change Password" subtitle="Your password has to be changed before you continue.">
      {/* Success replaces the cached account; without the flag the console opens. */}
      <PasswordForm onSuccess={() => undefined} />
    </ForcedStepFrame>
  );
}
