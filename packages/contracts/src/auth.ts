import { z } from 'zod';
import { accountSchema } from './account';
import { TEXT_LIMITS } from './constants';
import { MAX_TEXT_LENGTH, safeExactText, safeText } from './safe';
import { MESSAGES, emailSchema, organizationSchema, passwordSchema, personNameSchema, strongPasswordSchema } from './validation';

const captchaField = { 'g-recaptcha-response': safeExactText(MAX_TEXT_LENGTH).optional() };

/** A one-time token of a mailed link (reset, invitation): opaque, compared by its hash. */
export const linkTokenSchema = safeExactText(200).min(1);

/** Sign-up: all four fields required; at least 8 characters, then the shared strength rule. */
export const signupSchema = z
  .strictObject({
    fullname: personNameSchema,
    organizationName: organizationSchema,
    email: emailSchema,
    password: z.string().min(8, MESSAGES.passwordTooShort).pipe(strongPasswordSchema),
    projectName: safeText(50).optional(),
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

/** Login, sign-up and reset answer with the account as data.user and an access token. */
export const sessionSchema = z.object({ user: accountSchema, jwt: z.string() });
export type Session = z.infer<typeof sessionSchema>;

export const refreshSchema = z.object({ jwt: z.string() });

/** GET /logout answers this whether or not a session was open. */
export const logoutResultSchema = z.object({ ok: z.literal(true) });

/** POST /password/reset-link answers the same text whether or not the email is known. */
export const resetLinkResultSchema = z.object({ message: z.string() });

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  emailTaken: 'An account with this email address already exists.',
  resetLinkSent: 'If an account exists for this email, a link to reset the password has been sent.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  wrongOldPassword: 'Old password is incorrect.',
  sessionExpired: 'Your session has expired. Please log in again.',
  captchaFailed: 'Captcha verification failed.',
  ssoEnforced: 'Password login is disabled for this account: sign in with SSO.',
  signupFallback: 'Something went wrong',
} as const;
