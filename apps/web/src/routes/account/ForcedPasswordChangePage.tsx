import { Anchor, Text } from '@mantine/core';
import { useSession } from '../../app/session/SessionProvider';
import { AuthCard } from '../../components/AuthCard';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PasswordForm } from './PasswordForm';

/**
 * An account flagged changePassword is not signed in yet (spec: logged in is
 * a token and an account not so flagged): it sets a new password first.
 */
export default function ForcedPasswordChangePage() {
  useDocumentTitle('Change Password');
  const { logout } = useSession();
  return (
    <AuthCard title="Change Password" subtitle="Your password has to be changed before you continue.">
      {/* Success replaces the cached account; without the flag the console opens. */}
      <PasswordForm onSuccess={() => undefined} />
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={() => void logout()}>
          Logout
        </Anchor>
      </Text>
    </AuthCard>
  );
}
