import { sessionSchema } from '../auth';
import {
  loginMfaSchema,
  mfaPolicyResultSchema,
  mfaPolicySchema,
  mfaRemovedSchema,
  reauthResultSchema,
  reauthSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  totpVerifySchema,
} from '../mfa';
import { endpoint } from '../endpoint';
import { memberIdParamsSchema, okSchema } from '../members';
import { guardFor } from '../screens';
import { webauthnOptionsSchema } from '../webauthn';

/**
 * Two-factor sign-in: the caller's own authenticator (a person's own routes, so API keys are
 * refused), and the second step of a sign-in (public: the first step's token proves the password).
 */
export const mfaEndpoints = {
  mfaStatus: endpoint({
    method: 'GET',
    path: '/account/mfa',
    guard: 'authenticated',
    response: mfaStatusSchema,
    duringMfaEnrolment: true,
    summary: 'Whether your second factor is on, and how many recovery codes are left',
  }),
  /** Starts (or restarts) an enrolment: a new secret, unconfirmed until a first code. */
  startTotp: endpoint({
    method: 'POST',
    path: '/account/mfa/totp',
    guard: 'authenticated',
    response: totpEnrolmentSchema,
    audit: { label: 'Start two-factor set-up' },
    duringMfaEnrolment: true,
    errors: ['fresh_proof_required'],
  }),
  verifyTotp: endpoint({
    method: 'POST',
    path: '/account/mfa/totp/verify',
    guard: 'authenticated',
    body: totpVerifySchema,
    response: recoveryCodesSchema,
    audit: { label: 'Turn on two-factor authentication' },
    duringMfaEnrolment: true,
  }),
  removeTotp: endpoint({
    method: 'DELETE',
    path: '/account/mfa/totp',
    guard: 'authenticated',
    response: mfaRemovedSchema,
    audit: { label: 'Turn off two-factor authentication' },
    errors: ['fresh_proof_required'],
  }),
  /** A fresh proof of identity for this session: creating an API key and changing the second factor ask for one from the last 5 minutes. */
  reauth: endpoint({
    method: 'POST',
    path: '/account/reauth',
    guard: 'authenticated',
    body: reauthSchema,
    response: reauthResultSchema,
    audit: { label: 'Confirm identity' },
    duringMfaEnrolment: true,
  }),
  /** The challenge a passkey answers in POST /account/reauth: bound to this session, single use, 5 minutes. Open whenever the reauth itself is. */
  reauthWebauthnOptions: endpoint({
    method: 'POST',
    path: '/account/reauth/webauthn-options',
    guard: 'authenticated',
    response: webauthnOptionsSchema,
    audit: { label: 'Confirm identity: passkey challenge' },
    duringMfaEnrolment: true,
    summary: 'Authentication options to confirm your identity with a passkey or security key (a challenge for this session, valid 5 minutes)',
  }),
  /**
   * A member who lost their authenticator and recovery codes: whoever may edit them (EDIT_MEMBERS,
   * and every right the member holds) removes their second factor, after a fresh proof.
   */
  resetMemberMfa: endpoint({
    method: 'DELETE',
    path: '/client/members/:id/mfa',
    guard: guardFor('membersEdit'),
    params: memberIdParamsSchema,
    response: okSchema,
    audit: { label: 'Reset member two-factor authentication' },
    errors: ['fresh_proof_required'],
  }),
  /**
   * The owner's rule (an admin's call, like renaming the organization): every member signs in with a
   * second factor. Turning it off needs a fresh proof (issue 42): a stolen session must not lower it.
   */
  setMfaPolicy: endpoint({
    method: 'PUT',
    path: '/client/mfa-policy',
    guard: 'authenticated',
    body: mfaPolicySchema,
    response: mfaPolicyResultSchema,
    audit: { label: 'Change two-factor requirement' },
    errors: ['fresh_proof_required'],
  }),
  loginMfa: endpoint({ method: 'POST', path: '/login/mfa', guard: 'public', body: loginMfaSchema, response: sessionSchema, audit: { label: 'Log in: second step' } }),
} as const;
