import { z } from 'zod';
import { linkTokenSchema } from './auth';
import { safeExactText, safeText, uuidParamsSchema } from './safe';
import { MESSAGES } from './validation';

/**
 * Passkeys and security keys as a second factor (WebAuthn, issue 18 point 4): registered
 * from the account page, offered at the second step of a sign-in beside the code. The
 * browser's own JSON forms (base64url fields) travel as they are; the server checks them.
 */
export const WEBAUTHN_MESSAGES = {
  notVerified: 'This passkey or security key could not be verified. Please try again.',
  credentialNotFound: 'This passkey or security key was not found.',
  alreadyRegistered: 'This passkey or security key is already registered.',
  tooMany: 'You have registered the most passkeys and security keys an account may have. Remove one first.',
  noPasskey: 'No passkey or security key is registered for this account.',
} as const;

/** How many passkeys and security keys one member may register. */
export const MAX_WEBAUTHN_CREDENTIALS = 10;

export const WEBAUTHN_NAME_MAX = 64;

/** A base64url field of the browser's answer (attestation is asked as "none": no certificates, so short). */
const b64url = (max: number) => safeExactText(max).regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url text.');

const transportsSchema = z.array(safeExactText(32)).max(10);

/** What `navigator.credentials.create()` answered, as `@simplewebauthn/browser` hands it over. */
export const registrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(4096),
    authenticatorData: b64url(4096).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // No extension is asked for: whatever a browser reports is dropped.
  clientExtensionResults: z.object({}),
});

/** What `navigator.credentials.get()` answered. */
export const authenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: b64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // No extension is asked for: whatever a browser reports is dropped.
  clientExtensionResults: z.object({}),
});

/** The options the browser passes to WebAuthn, as the server made them (their shape is the WebAuthn spec's JSON form). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

const SAMPLE_REGISTRATION = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' }, clientExtensionResults: {} };
const SAMPLE_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

/** POST /account/mfa/webauthn: the new credential, and the name its owner gives it. */
export const addWebauthnSchema = z
  .strictObject({ name: safeText(WEBAUTHN_NAME_MAX).trim().min(1, MESSAGES.required), response: registrationResponseSchema })
  .meta({ examples: [{ name: 'YubiKey', response: SAMPLE_REGISTRATION }] });
export type AddWebauthnInput = z.input<typeof addWebauthnSchema>;

/** A registered passkey or security key as its owner sees it. */
export const webauthnCredentialSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type WebauthnCredential = z.infer<typeof webauthnCredentialSchema>;

export const webauthnCredentialListSchema = z.object({ credentials: z.array(webauthnCredentialSchema) });

/** The credential added; the recovery codes when this was the member's first second factor (shown once), else null. */
export const webauthnAddedSchema = z.object({ credential: webauthnCredentialSchema, recoveryCodes: z.array(z.string()).nullable() });

export const webauthnIdParamsSchema = uuidParamsSchema(WEBAUTHN_MESSAGES.credentialNotFound);

/** POST /login/mfa/webauthn/options: the first step's token names the sign-in the challenge is for. */
export const loginWebauthnOptionsSchema = z.strictObject({ mfaToken: linkTokenSchema }).meta({ examples: [{ mfaToken: 'not-a-real-token' }] });

/** POST /login/mfa/webauthn: the second step with a passkey or security key. */
export const loginWebauthnSchema = z
  .strictObject({ mfaToken: linkTokenSchema, response: authenticationResponseSchema })
  .meta({ examples: [{ mfaToken: 'not-a-real-token', response: SAMPLE_ASSERTION }] });
export type LoginWebauthnInput = z.input<typeof loginWebauthnSchema>;
