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
} as const;
