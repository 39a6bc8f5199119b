import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TEXT_LIMITS } from './constants';
import { INPUT_MESSAGES, safeExactText, safeText } from './safe';

/** Messages of spec section 5, word for word. */
export const MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordStrength: 'The password should have a minimum length of 8 characters and include at least one uppercase letter, one lowercase letter, one digit, and one special character.',
  passwordsDontMatch: "Passwords don't match",
  required: 'This field is required',
  invalidEmail: 'Enter a valid email address',
  tooLong: INPUT_MESSAGES.tooLong,
} as const;

export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);
}

/** The longest password accepted anywhere (signing in, setting, changing). */
export const PASSWORD_MAX_LENGTH = 256;

/** Any password a user sets, anywhere: the shared strength rule. Kept exactly as typed (no trimming, no NFC). */
export const strongPasswordSchema = safeExactText(PASSWORD_MAX_LENGTH).refine(isStrongPassword, MESSAGES.passwordStrength);

/** A password being checked (login, the old one of a change): any storable text up to the limit. */
export const passwordSchema = safeExactText(PASSWORD_MAX_LENGTH).min(1, MESSAGES.required);

export const emailSchema = safeText(TEXT_LIMITS.memberEmail)
  .min(1, MESSAGES.required)
  .pipe(z.email(MESSAGES.invalidEmail))
  .transform((v) => v.toLowerCase());

export const personNameSchema = safeText(TEXT_LIMITS.name).min(1, MESSAGES.required);

export const organizationSchema = safeText(TEXT_LIMITS.organization).min(1, MESSAGES.required);
