import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { MEMBER_MESSAGES, routes } from '@replay/contracts';
import { useSession } from '../../app/session/SessionProvider';
import { AuthCard } from '../../components/AuthCard';
import { AuthLink } from '../../components/AuthLink';
import { PageLoader } from '../../components/PageLoader';
import { errorMessage, isNotFound } from '../../lib/api';
import { useConsoleTitle } from '../../lib/use-document-title';
import { useInvitation } from './api';
import { JoinForm } from './JoinForm';

export const INVITATION_LOAD_FAILED = 'The invitation could not be read. Please try again.';

function LoginLink() {
  return <AuthLink to={routes.login()}>Go to login</AuthLink>;
}

/**
 * /invitation?token=…: the page an invitation mail links to. Shows whom the
 * link invites to which organization, then lets them set a name and password
 * and join; an expired or used link says so and points to the login.
 */
export default function InvitationPage() {
  useConsoleTitle('Join the Team');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const session = useSession();

  if (token && invitation.isPending) return <PageLoader label="Loading invitation" />;

  // No token, an unknown or used one (404), or an expired one: no form, a reason and the way to login.
  const problem = !token
    ? MEMBER_MESSAGES.invitationInvalid
    : invitation.isError
      ? isNotFound(invitation.error)
        ? errorMessage(invitation.error, MEMBER_MESSAGES.invitationInvalid)
        : errorMessage(invitation.error, INVITATION_LOAD_FAILED)
      : invitation.data?.expired
        ? MEMBER_MESSAGES.invitationExpired
        : null;

  if (problem || !invitation.data) {
    return (
      <AuthCard title="Join the Team">
        <Stack gap="md">
          <Alert color="orange" role="alert">
            {problem ?? MEMBER_MESSAGES.invitationInvalid}
          </Alert>
          <LoginLink />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Join the Team" subtitle={`You were invited to join ${invitation.data.tenantName}. Choose your name and a password to get started.`}>
      <Stack gap="md">
        {session.account && (
          <Alert color="blue" variant="light">
            You are signed in as {session.account.email}. Joining signs you in as {invitation.data.email} instead.
          </Alert>
        )}
        <JoinForm token={token} info={invitation.data} />
        <LoginLink />
      </Stack>
    </AuthCard>
  );
}
