import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@replay/contracts';
import { ApiError, setAuthFailureHandler, useAccessToken } from '../../lib/api';
import { currentAccountKey, fetchAccount } from '../../features/account/api';
import { logoutRequest } from '../../features/auth/api';
import { rememberPath } from '../../features/auth/last-path';
import { endSession } from '../../features/auth/session';
import type { SessionParams } from '../../features/auth/url-params';

/**
 * - loading: opening the session or reading the user's account
 * - anonymous: no token: the login screen shows
 * - password-change: signed in, but the account must set a new password first
 * - authenticated: token and account (spec: logged in)
 * - error: the account could not be read (not an auth failure)
 */
export type SessionStatus = 'loading' | 'anonymous' | 'password-change' | 'mfa-enrolment' | 'authenticated' | 'error';

export interface SessionValue {
  status: SessionStatus;
  account: Account | undefined;
  error: unknown;
  iframe: boolean;
  retry: () => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

interface Props {
  /** The one bootstrap of this page load (see bootstrapSession). */
  ready: Promise<void>;
  /**
   * The bootstrap had nothing to open (no handed-over token, no session hint): the visit
   * is known to be anonymous from the first render, which then shows the public screen
   * at once, as the page's prerendered HTML does (see main.tsx).
   */
  settled?: boolean;
  params: SessionParams;
  children: ReactNode;
}

export function SessionProvider({ ready, settled = false, params, children }: Props) {
  const queryClient = useQueryClient();
  const token = useAccessToken();
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const [booted, setBooted] = useState(settled);

  useEffect(() => {
    let live = true;
    const done = () => live && setBooted(true);
    ready.then(done, done);
    return () => {
      live = false;
    };
  }, [ready]);

  const accountQuery = useQuery({
    queryKey: currentAccountKey,
    queryFn: fetchAccount,
    enabled: booted && token !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
  });

  // The auth-failure action: the session is no longer valid (401).
  useEffect(() => setAuthFailureHandler(() => endSession(queryClient)), [queryClient]);

  let status: SessionStatus;
  if (!booted) status = 'loading';
  else if (!token) status = 'anonymous';
  else if (accountQuery.data) status = accountQuery.data.changePassword ? 'password-change' : accountQuery.data.mfaEnrolmentRequired ? 'mfa-enrolment' : 'authenticated';
  else if (accountQuery.isError) status = 'error';
  else status = 'loading';

  const signingOut = useRef(false);
  useRememberVisits(path, status, signingOut);

  const logout = useCallback(async () => {
    signingOut.current = true;
    const idpLogout = await logoutRequest();
    endSession(queryClient);
    // Single logout: the IdP ends its own session too, then sends the browser back to /login.
    if (idpLogout) window.location.assign(idpLogout);
  }, [queryClient]);

  const { refetch } = accountQuery;
  const retry = useCallback(() => void refetch(), [refetch]);

  const value = useMemo<SessionValue>(
    () => ({
      status,
      account: token ? accountQuery.data : undefined,
      error: accountQuery.error,
      iframe: params.iframe,
      retry,
      logout,
    }),
    [status, token, accountQuery.data, accountQuery.error, params.iframe, retry, logout],
  );
  // A change of session (opened, account read, signed out) swaps the whole screen: the
  // console's shell and page instead of the loader. The account arrives through the query
  // cache, whose updates React renders in one uninterrupted task; deferred, that render
  // runs in slices of a few milliseconds, and the page keeps answering input meanwhile.
  const shown = useDeferredValue(value);
  return <SessionContext.Provider value={shown}>{children}</SessionContext.Provider>;
}

/**
 * Spec: the last visited path plus query is remembered (not the login route).
 * Remembered: visits without a session, and the page a session was lost on
 * (expired, revoked), to come back to after signing in again. Not remembered:
 * the page the user signed out from.
 */
function useRememberVisits(path: string, status: SessionStatus, signingOut: RefObject<boolean>): void {
  const previous = useRef<SessionStatus>(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status !== 'anonymous') return;
    const signedOut = (was === 'authenticated' || was === 'password-change' || was === 'mfa-enrolment') && signingOut.current;
    signingOut.current = false;
    if (!signedOut) rememberPath(path);
  }, [path, status, signingOut]);
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

/** The signed-in account; only for screens rendered behind RequireSession. */
export function useAccount(): Account {
  const { account } = useSession();
  if (!account) throw new Error('useAccount needs a signed-in session');
  return account;
}
