import { z } from 'zod';
import { accountSchema } from './account';
import { TEXT_LIMITS } from './constants';
import { MAX_TEXT_LENGTH, emptyAsAbsent, safeExactText, safeText, safeUuid } from './safe';
import { MESSAGES, emailSchema, organizationSchema, passwordSchema, personNameSchema, strongPasswordSchema } from './validation';

const captchaField = { 'g-recaptcha-response': safeExactText(MAX_TEXT_LENGTH).optional() };

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  emailTaken: 'An account with this email address already exists.',
  accountIdTaken: 'An account with this id already exists.',
  invalidAccountId: 'The account id must be a UUID.',
  passwordSignupOnly: 'Only sign-up with a password is available.',
  resetLinkSent: 'If an account exists for this email, a link to reset the password has been sent.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  wrongOldPassword: 'Old password is incorrect.',
  sessionExpired: 'Your session has expired. Please log in again.',
  captchaFailed: 'Captcha verification failed.',
  ssoEnforced: 'Password login is disabled for this account: sign in with SSO.',
  signupFallback: 'Something went wrong',
  passwordChangeRequired: 'Please choose a new password before you continue.',
  mfaEnrolmentRequired: 'Your organization requires two-factor authentication: please set it up before you continue.',
} as const;

/** A one-time token of a mailed link (reset, invitation): opaque, compared by its hash. */
export const linkTokenSchema = safeExactText(200).min(1);

/** The ways a sign-up may make its owner sign in (the spec's `auth` of the sign-up payload). */
export const SIGNUP_AUTH_METHODS = ['password'] as const;

/** Sign-up: all four fields required; at least 8 characters, then the shared strength rule. */
export const signupSchema = z
  .strictObject({
    fullname: personNameSchema,
    organizationName: organizationSchema,
    email: emailSchema,
    password: z.string().min(8, MESSAGES.passwordTooShort).pipe(strongPasswordSchema),
    projectName: safeText(50).optional(),
    /** The id the new account is made with, when the client chooses it (a UUID), so it knows the id before the answer comes; an id in use is refused (409). Empty (the spec's payload): not chosen. */
    tenantId: emptyAsAbsent(safeUuid(AUTH_MESSAGES.invalidAccountId)),
    /** How the new owner signs in: a password, the only way this console offers (a value kept for single sign-on sign-ups). */
    auth: z.enum(SIGNUP_AUTH_METHODS, { error: AUTH_MESSAGES.passwordSignupOnly }).optional(),
    ...captchaField,
  })
  .meta({ examples: [{ fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', email: 'ada@example.com', password: 'Str0ng!Passw0rd' }] });
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.strictObject({
  email: safeText(TEXT_LIMITS.memberEmail)
    .min(1, MESSAGES.required)
    .transform((v) => v.toLowerCase()),
  password: passwordSchema,
  ...captchaField,
});
export type LoginInput = z.input<typeof loginSchema>;

export const resetLinkSchema = z.strictObject({ email: emailSchema, ...captchaField }).meta({ examples: [{ email: 'ada@example.com' }] });

export const passwordResetSchema = z
  .strictObject({
    token: linkTokenSchema,
    password: strongPasswordSchema,
  })
  .meta({ examples: [{ token: 'not-a-real-token', password: 'Str0ng!Passw0rd' }] });

/**
 * GET /password/reset/{token}: whether the mailed link can still set a password, asked as its
 * page opens (issue 42: a used link showed the form and failed only on submit; the invitation
 * page asks the same way). Unknown, used and expired links are one answer, 404 with
 * AUTH_MESSAGES.resetTokenInvalid, a malformed one too: the link is a secret, nothing tells them apart.
 */
export const resetTokenParamsSchema = z.object({
  token: z.string().refine((token) => linkTokenSchema.safeParse(token).success, AUTH_MESSAGES.resetTokenInvalid),
});
/** The link works until `expiresAt` (epoch ms), once. */
export const resetLinkStateSchema = z.object({ expiresAt: z.number().int() });
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;

/** Login, sign-up and reset answer with the account as data.user and an access token. */
export const sessionSchema = z.object({ user: accountSchema, jwt: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/**
 * The first reads a signed-in page may ask its session's opening to carry
 * (GET /refresh?with=account,instances): answered with the new token, in the refresh's own
 * answer, so that the page's first data costs no round trip of its own after the token's
 * (a slow network's round trips are the page's wait). What each name reads:
 * endpoints/session-opening.ts.
 */
export const SESSION_OPENING_READS = ['public-config', 'account', 'instances'] as const;
export type SessionOpeningRead = (typeof SESSION_OPENING_READS)[number];
const isOpeningRead = (name: string): name is SessionOpeningRead => (SESSION_OPENING_READS as readonly string[]).includes(name);

/** `with`: the reads' names, comma-separated, each once at most. */
export const refreshQuerySchema = z.object({
  with: safeExactText(100)
    .refine((text) => text.split(',').every(isOpeningRead), `with lists reads among: ${SESSION_OPENING_READS.join(', ')}`)
    .transform((text) => [...new Set(text.split(','))] as SessionOpeningRead[])
    .optional(),
});

/** A read's answer as the call itself gives it: its status, the headers the app reads, its body. */
export const sessionOpeningAnswerSchema = z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.unknown() });
export type SessionOpeningAnswer = z.infer<typeof sessionOpeningAnswerSchema>;

/** The token, and the reads `with` asked for, by name. */
export const refreshSchema = z.object({ jwt: z.string(), reads: z.record(z.string(), sessionOpeningAnswerSchema).optional() });

/** GET /logout answers this whether or not a session was open. */
/**
 * GET /logout. `redirectUrl`: the session was opened by single sign-on and its IdP offers logout:
 * the browser goes there next (SAML LogoutRequest, or OIDC end_session_endpoint), so the IdP ends
 * its session too. The console's session has ended either way.
 */
export const logoutResultSchema = z.object({ ok: z.literal(true), redirectUrl: z.string().optional() });

/** POST /password/reset-link answers the same text whether or not the email is known. */
export const resetLinkResultSchema = z.object({ message: z.string() });
