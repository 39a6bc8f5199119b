import {
  loginSchema,
  logoutResultSchema,
  passwordResetSchema,
  refreshQuerySchema,
  refreshSchema,
  resetLinkResultSchema,
  resetLinkSchema,
  resetLinkStateSchema,
  resetTokenParamsSchema,
  sessionSchema,
  signupSchema,
} from '../auth';
import { ssoRedirectSchema, ssoStartSchema, ssoTicketSchema } from '../account-sso';
import { endpoint } from '../endpoint';
import { loginAnswerSchema } from '../mfa';

/** Signing up and in, the session's token and a forgotten password: all public. */
export const authEndpoints = {
  signup: endpoint({ method: 'POST', path: '/signup', guard: 'public', body: signupSchema, response: sessionSchema, status: 201, audit: { label: 'Sign up' } }),
  login: endpoint({ method: 'POST', path: '/login', guard: 'public', body: loginSchema, response: loginAnswerSchema, audit: { label: 'Log in' } }),
  /** Not recorded: every open tab calls it every few minutes. A signed-in page's first one carries the page's first reads (`with`). */
  refresh: endpoint({ method: 'GET', path: '/refresh', guard: 'public', query: refreshQuerySchema, response: refreshSchema }),
  logout: endpoint({ method: 'GET', path: '/logout', guard: 'public', response: logoutResultSchema, audit: { label: 'Log out' } }),
  resetLink: endpoint({
    method: 'POST',
    path: '/password/reset-link',
    guard: 'public',
    body: resetLinkSchema,
    response: resetLinkResultSchema,
    audit: { label: 'Request password reset' },
  }),
  /** Not recorded, like the invitation's page: it only reads. */
  resetLinkState: endpoint({ method: 'GET', path: '/password/reset/:token', guard: 'public', params: resetTokenParamsSchema, response: resetLinkStateSchema }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/password/reset',
    guard: 'public',
    body: passwordResetSchema,
    response: loginAnswerSchema,
    audit: { label: 'Reset password' },
  }),
  // Console single sign-on (issue 45): started and completed from the login page, so here with its calls.
  startSsoSignIn: endpoint({
    method: 'POST',
    path: '/auth/sso/start',
    guard: 'public',
    body: ssoStartSchema,
    response: ssoRedirectSchema,
    audit: { unrecorded: 'a sign-in that has not happened yet; the callback records it' },
    summary: 'Start single sign-on',
    errors: ['bad_request', 'not_found', 'rate_limited'],
    description: 'Finds the connection of the email’s verified domain and answers the IdP address to send the browser to (404 when the domain has no tested connection).',
  }),
  completeSsoSignIn: endpoint({
    method: 'POST',
    path: '/auth/sso/complete',
    guard: 'public',
    body: ssoTicketSchema,
    response: sessionSchema,
    audit: { label: 'Sign in with single sign-on' },
    errors: ['not_found'],
    description:
      'Exchanges the one-time ticket the IdP’s callback handed the browser (`/sso/complete#ticket=…`) for a session, as a password sign-in opens one (refresh cookie and access token). A ticket works once, for a minute.',
  }),
} as const;
