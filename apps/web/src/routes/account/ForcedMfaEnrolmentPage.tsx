import { Anchor, Text } from '@mantine/core';
import { AUTH_MESSAGES } from '@replay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../app/session/SessionProvider';
import { AuthCard } from '../../components/AuthCard';
import { currentAccountKey } from '../../features/account/api';
import { TwoFactorSection } from '../../features/mfa/TwoFactorSection';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * The account requires a second factor this member has not set up: nothing else opens
 * (the server answers 403 mfa_enrolment_required to every other call) until they do.
 */
export default function ForcedMfaEnrolmentPage() {
  useDocumentTitle('Set up two-factor authentication');
  const { logout } = useSession();
  const queryClient = useQueryClient();
  return (
    <AuthCard title="Set up two-factor authentication" subtitle={AUTH_MESSAGES.mfaEnrolmentRequired}>
      {/* Once the recovery codes are put away, the account is read again: without the flag the console opens. */}
      <TwoFactorSection onEnabled={() => void queryClient.invalidateQueries({ queryKey: currentAccountKey })} />
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={() => void logout()}>
          Logout
        </Anchor>
      </Text>
    </AuthCard>
  );
}
