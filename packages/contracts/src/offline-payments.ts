import { z } from 'zod';
import { safeExactText } from './safe';

/**
 * The offline payment provider's tokenizer (issue 13): the console's default payment
 * provider, for installs with no card network. Like Stripe's, it is its own endpoint,
 * outside the console's API: the browser sends the card there and hands the console only
 * the token it answers, so a card number never reaches a console API call. No money moves;
 * the test cards below decide what a charge answers.
 */
export const OFFLINE_TOKENS_PATH = '/offline-payments/v1/tokens';

/** The cards whose charges fail, as the card networks' test numbers do; every other valid card's charges succeed. */
export const OFFLINE_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The provider's own messages (the form shows them as they come, spec section 5). */
export const OFFLINE_CARD_MESSAGES = {
  number: 'Your card number is incorrect.',
  expiry: 'Your card’s expiration date is incorrect.',
  expired: 'Your card has expired.',
  cvc: 'Your card’s security code is incorrect.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

export const offlineTokenRequestSchema = z
  .object({
    /** Digits, spaces allowed between groups. */
    number: safeExactText(23).regex(/^[0-9 ]{12,23}$/, OFFLINE_CARD_MESSAGES.number),
    expMonth: z.number().int().min(1, OFFLINE_CARD_MESSAGES.expiry).max(12, OFFLINE_CARD_MESSAGES.expiry),
    expYear: z.number().int().min(2000, OFFLINE_CARD_MESSAGES.expiry).max(2100, OFFLINE_CARD_MESSAGES.expiry),
    cvc: safeExactText(4).regex(/^[0-9]{3,4}$/, OFFLINE_CARD_MESSAGES.cvc),
  })
  .strict();
export type OfflineTokenRequest = z.infer<typeof offlineTokenRequestSchema>;

export const offlineTokenSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() }),
});
export type OfflineToken = z.infer<typeof offlineTokenSchema>;

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number's prefix, as the networks assign them. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}
