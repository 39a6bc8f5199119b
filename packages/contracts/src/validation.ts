import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TEXT_LIMITS } from './constants';

/** Messages of spec section 5, word for word. */
export const MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordStrength:
    'The password should have a minimum length of 8 characters and include at least one uppercase letter, one lowercase letter, one digit, and one special character.',
  passwordsDontMatch: "Passwords don't match",
  required: 'This field is required',
  invalidEmail: 'Enter a valid email address',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Any password a user sets, anywhere: the shared strength rule. */
export const strongPasswordSchema = z
  .string()
  .max(256, MESSAGES.tooLong(256))
  .refine(isStrongPassword, MESSAGES.passwordStrength);

export const emailSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(TEXT_LIMITS.memberEmail, MESSAGES.tooLong(TEXT_LIMITS.memberEmail))
  .pipe(z.email(MESSAGES.invalidEmail))
  .transform((v) => v.toLowerCase());

export const personNameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(TEXT_LIMITS.name, MESSAGES.tooLong(TEXT_LIMITS.name));

export const organizationSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(TEXT_LIMITS.organization, MESSAGES.tooLong(TEXT_LIMITS.organization));
