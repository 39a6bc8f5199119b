import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { canOpenScreen, routes, type Screen } from '@replay/contracts';
import { PageLoader } from '../../components/PageLoader';
import { NotAllowed } from '../../components/NotAllowed';
import { ErrorScreen } from '../../components/ErrorScreen';
import { takePostLoginPath } from '../../features/auth/last-path';
import { lazyRoute } from '../../lib/lazy';
import { useAccount, useSession } from './SessionProvider';

export const ConsoleShell = lazyRoute('console', () => import('../shell/ConsoleShell'));
const ForcedPasswordChangePage = lazyRoute('password-change', () => import('../../routes/account/ForcedPasswordChangePage'));
const ForcedMfaEnrolmentPage = lazyRoute('mfa-enrolment', () => import('../../routes/account/ForcedMfaEnrolmentPage'));

/** The signed-in console: loading while the session opens, the login screen without one. */
export function RequireSession() {
  const session = useSession();
  const navigate = useNavigate();
  switch (session.status) {
    case 'loading':
      return <PageLoader />;
    case 'anonymous':
      return <Navigate to={routes.login()} replace />;
    case 'error':
      return <ErrorScreen error={session.error} onRetry={session.retry} onBack={() => void navigate(-1)} />;
    case 'password-change':
      return (
        <Suspense fallback={<PageLoader />}>
          <ForcedPasswordChangePage />
        </Suspense>
      );
    case 'mfa-enrolment':
      return (
        <Suspense fallback={<PageLoader />}>
          <ForcedMfaEnrolmentPage />
        </Suspense>
      );
    case 'authenticated':
      return (
        <Suspense fallback={<PageLoader />}>
          <ConsoleShell />
        </Suspense>
      );
  }
}

/** Login, sign-up and reset: only without a session; signing in leaves for the remembered path. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated' || status === 'password-change' || status === 'mfa-enrolment') return <PostLoginRedirect />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

function PostLoginRedirect() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(takePostLoginPath(), { replace: true });
  }, [navigate]);
  return <PageLoader />;
}

/** A screen behind its permissions ('any of'); without them the shared 'Not allowed' screen. */
export function RequireScreen({ screen, children }: { screen: Screen; children: ReactNode }) {
  const account = useAccount();
  return canOpenScreen(account.permissions, screen) ? children : <NotAllowed />;
}
