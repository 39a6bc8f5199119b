import { sessionSchema } from '../auth';
import { loginMfaSchema, mfaRemovedSchema, mfaStatusSchema, recoveryCodesSchema, totpEnrolmentSchema, totpVerifySchema } from '../mfa';
import { endpoint } from '../endpoint';

/**
 * Two-factor sign-in: the caller's own authenticator (a person's own routes, so API keys are
 * refused), and the second step of a sign-in (public: the first step's token proves the password).
 */
export const mfaEndpoints = {
  mfaStatus: endpoint({ method: 'GET', path: '/account/mfa', guard: 'authenticated', response: mfaStatusSchema }),
  /** Starts (or restarts) an enrolment: a new secret, unconfirmed until a first code. */
  startTotp: endpoint({ method: 'POST', path: '/account/mfa/totp', guard: 'authenticated', response: totpEnrolmentSchema, audit: { label: 'Start two-factor set-up' } }),
  verifyTotp: endpoint({
    method: 'POST',
    path: '/account/mfa/totp/verify',
    guard: 'authenticated',
    body: totpVerifySchema,
    response: recoveryCodesSchema,
    audit: { label: 'Turn on two-factor authentication' },
  }),
  removeTotp: endpoint({ method: 'DELETE', path: '/account/mfa/totp', guard: 'authenticated', response: mfaRemovedSchema, audit: { label: 'Turn off two-factor authentication' } }),
  loginMfa: endpoint({ method: 'POST', path: '/login/mfa', guard: 'public', body: loginMfaSchema, response: sessionSchema, audit: { label: 'Log in: second step' } }),
} as const;
