import {
  loginSchema,
  logoutResultSchema,
  passwordResetSchema,
  refreshSchema,
  resetLinkResultSchema,
  resetLinkSchema,
  sessionSchema,
  signupSchema,
} from '../auth';
import { invitationAcceptSchema, invitationInfoSchema, invitationTokenParamsSchema } from '../members';
import { endpoint } from '../endpoint';

/** Signing up and in, the session's token, a forgotten password, and joining by invitation: all public. */
export const authEndpoints = {
  signup: endpoint({ method: 'POST', path: '/signup', guard: 'public', body: signupSchema, response: sessionSchema, status: 201, audit: { label: 'Sign up' } }),
  login: endpoint({ method: 'POST', path: '/login', guard: 'public', body: loginSchema, response: sessionSchema, audit: { label: 'Log in' } }),
  /** Not recorded: every open tab calls it every few minutes. */
  refresh: endpoint({ method: 'GET', path: '/refresh', guard: 'public', response: refreshSchema }),
  logout: endpoint({ method: 'GET', path: '/logout', guard: 'public', response: logoutResultSchema, audit: { label: 'Log out' } }),
  resetLink: endpoint({
    method: 'POST',
    path: '/password/reset-link',
    guard: 'public',
    body: resetLinkSchema,
    response: resetLinkResultSchema,
    audit: { label: 'Request password reset' },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/password/reset',
    guard: 'public',
    body: passwordResetSchema,
    response: sessionSchema,
    audit: { label: 'Reset password' },
  }),
  /** The joining page's calls (the spec names no paths for them). */
  invitation: endpoint({ method: 'GET', path: '/invitations/:token', guard: 'public', params: invitationTokenParamsSchema, response: invitationInfoSchema }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/invitations/accept',
    guard: 'public',
    body: invitationAcceptSchema,
    response: sessionSchema,
    audit: { label: 'Accept invitation' },
  }),
} as const;
