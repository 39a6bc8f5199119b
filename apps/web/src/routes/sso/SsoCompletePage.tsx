import { useEffect, useRef, useState } from 'react';
import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_SSO_MESSAGES, routes } from '@replay/contracts';
import { AuthCard } from '../../components/AuthCard';
import { useSsoComplete } from '../../features/account-sso/api';
import { useConsoleTitle } from '../../lib/use-document-title';

/** Where the IdP's callback sends the browser: the one-time ticket is exchanged for a session. */
export default function SsoCompletePage() {
  useConsoleTitle('Signing in');
  const complete = useSsoComplete();
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The ticket rides in the fragment (never sent to a server, never in a Referer); dropped from the address bar at once.
    const ticket = new URLSearchParams(location.hash.slice(1)).get('ticket');
    if (ticket) void navigate(location.pathname, { replace: true });
    if (ticket) complete.mutate(ticket);
    else setMissing(true);
  }, [complete, location, navigate]);

  if (complete.isSuccess) return <Navigate to={routes.instances()} replace />;
  const failed = complete.isError || missing;
  return (
    <AuthCard title="Single sign-on">
      {failed ? (
        <Stack gap="sm">
          <Text role="alert">{ACCOUNT_SSO_MESSAGES.signInFailed}</Text>
          <Anchor component={Link} to={routes.login()}>
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="sm">
          <Loader aria-label="Signing in" />
          <Text>Signing you in…</Text>
        </Stack>
      )}
    </AuthCard>
  );
}
