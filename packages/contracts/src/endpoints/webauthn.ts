import { sessionSchema } from '../auth';
import { endpoint } from '../endpoint';
import { mfaRemovedSchema } from '../mfa';
import { addWebauthnSchema, loginWebauthnOptionsSchema, loginWebauthnSchema, webauthnAddedSchema, webauthnCredentialListSchema, webauthnIdParamsSchema, webauthnOptionsSchema } from '../webauthn';

/**
 * Passkeys and security keys (WebAuthn) as a second factor: the caller's own (a person's own
 * routes, so API keys are refused; open during a required enrolment, as the authenticator
 * app's are), and the second step of a sign-in with one (public: the first step's token proves the password).
 */
export const webauthnEndpoints = {
  listWebauthn: endpoint({
    method: 'GET',
    path: '/account/mfa/webauthn',
    guard: 'authenticated',
    response: webauthnCredentialListSchema,
    duringMfaEnrolment: true,
    summary: 'Your passkeys and security keys, with when each was added and last used',
  }),
  /** The browser's registration options; a stolen session must not add its own key, so it needs a fresh proof, as the authenticator app's set-up does. */
  webauthnRegistrationOptions: endpoint({
    method: 'POST',
    path: '/account/mfa/webauthn/registration-options',
    guard: 'authenticated',
    response: webauthnOptionsSchema,
    audit: { label: 'Start passkey set-up' },
    duringMfaEnrolment: true,
    errors: ['fresh_proof_required'],
    summary: 'Registration options for a new passkey or security key (a challenge for this session, valid 5 minutes)',
  }),
  addWebauthn: endpoint({
    method: 'POST',
    path: '/account/mfa/webauthn',
    guard: 'authenticated',
    body: addWebauthnSchema,
    response: webauthnAddedSchema,
    audit: { label: 'Add a passkey or security key' },
    duringMfaEnrolment: true,
    summary: 'Verifies and registers a new passkey or security key (the recovery codes, if it is your first second factor)',
  }),
  removeWebauthn: endpoint({
    method: 'DELETE',
    path: '/account/mfa/webauthn/:id',
    guard: 'authenticated',
    params: webauthnIdParamsSchema,
    response: mfaRemovedSchema,
    audit: { label: 'Remove a passkey or security key' },
    errors: ['fresh_proof_required'],
    summary: 'Removes one of your passkeys or security keys',
  }),
  loginWebauthnOptions: endpoint({
    method: 'POST',
    path: '/login/mfa/webauthn/options',
    guard: 'public',
    body: loginWebauthnOptionsSchema,
    response: webauthnOptionsSchema,
    audit: { label: 'Log in: passkey challenge' },
    summary: 'Authentication options for the second step of a sign-in with a passkey or security key',
  }),
  loginWebauthn: endpoint({
    method: 'POST',
    path: '/login/mfa/webauthn',
    guard: 'public',
    body: loginWebauthnSchema,
    response: sessionSchema,
    audit: { label: 'Log in: second step with a passkey' },
    summary: 'Completes a sign-in with a passkey or security key; answers as POST /login does',
  }),
} as const;
