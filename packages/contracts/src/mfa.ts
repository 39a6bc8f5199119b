import { z } from 'zod';
import { linkTokenSchema, sessionSchema } from './auth';
import { safeText } from './safe';
import { MESSAGES, passwordSchema } from './validation';
import { authenticationResponseSchema } from './webauthn';

/**
 * Two-factor sign-in (issue 18, point 4): a TOTP authenticator (RFC 6238) confirmed with a
 * first code, and ten single-use recovery codes. Messages the SPA shows as they come.
 */
export const MFA_MESSAGES = {
  invalidCode: 'This code is not valid. Check your authenticator app and try again.',
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to set up another authenticator.',
  noEnrolment: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  notEnabled: 'Two-factor authentication is not on.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  challengeEndedAfterFailures: 'Too many wrong codes for this sign-in. Please sign in again with your password.',
  tooManyCodes: 'Too many wrong codes. Please try again later.',
  freshProofRequired: 'Please confirm it is you: enter your password or a two-factor code.',
  proofMissing: 'Enter your password or a two-factor code.',
  wrongProof: 'This password or code is not right.',
  policyAdminOnly: 'Only an admin can change what the organization requires at sign-in.',
  policyNeedsOwnFactor: 'Set up two-factor authentication for yourself first.',
} as const;

/** How many recovery codes a confirmation hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A code typed at the second step: six digits from the app, or a recovery code (`xxxxx-xxxxx`). */
export const mfaCodeSchema = safeText(32).min(1, MESSAGES.required);

/** POST /account/mfa/totp: the new secret, shown once (as text and as the app's URL, for the QR code). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpVerifySchema = z.strictObject({ code: mfaCodeSchema }).meta({ examples: [{ code: '123456' }] });

/** The recovery codes, shown once when the authenticator is confirmed; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** GET /account/mfa: the caller's second factors. */
export const mfaStatusSchema = z.object({ totp: z.boolean(), recoveryCodesLeft: z.number().int() });
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /login/mfa: the second step of a sign-in, with the token the first step answered. */
export const loginMfaSchema = z.strictObject({ mfaToken: linkTokenSchema, code: mfaCodeSchema }).meta({ examples: [{ mfaToken: 'not-a-real-token', code: '123456' }] });

/** What `POST /login` answers instead of a session when the member has a second factor. */
/** `passkey` is there (true) when the member has a passkey or security key: the second step then offers it. */
export const mfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string(), passkey: z.literal(true).optional() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const mfaRemovedSchema = z.object({ ok: z.literal(true) });

/**
 * What `POST /login` (and a password reset) answers: the session, or, for a member with a
 * second factor, the challenge `POST /login/mfa` completes. Told apart by `mfaRequired`.
 */
export const loginAnswerSchema = z.union([sessionSchema, mfaChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const isMfaChallenge = (answer: LoginAnswer): answer is MfaChallenge => 'mfaRequired' in answer && answer.mfaRequired === true;

/** How long a proof of identity (the sign-in itself, or POST /account/reauth) lets sensitive calls through. */
export const FRESH_PROOF_MS = 5 * 60_000;

/**
 * POST /account/reauth: exactly one of the password, a code of the second factor (TOTP or
 * recovery), or a passkey's answer to the challenge of POST /account/reauth/webauthn-options.
 */
export const reauthSchema = z
  .strictObject({ password: passwordSchema.optional(), code: mfaCodeSchema.optional(), webauthn: authenticationResponseSchema.optional() })
  .refine((v) => [v.password, v.code, v.webauthn].filter((given) => given !== undefined).length === 1, { message: MFA_MESSAGES.proofMissing })
  .meta({ examples: [{ password: 'Str0ng!Passw0rd' }] });
export type ReauthInput = z.input<typeof reauthSchema>;

/** Until when (epoch ms) the session counts as freshly proven. */
export const reauthResultSchema = z.object({ provenUntil: z.number() });

/** PUT /client/mfa-policy: whether every member of the account must sign in with a second factor. */
export const mfaPolicySchema = z.strictObject({ required: z.boolean() }).meta({ examples: [{ required: true }] });
export const mfaPolicyResultSchema = z.object({ required: z.boolean() });
