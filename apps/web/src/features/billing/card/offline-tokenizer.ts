import { BILLING_MESSAGES, OFFLINE_TOKENS_PATH, offlineTokenSchema, type OfflineTokenRequest } from '@replay/contracts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api/errors';
import type { CardTokenResult } from './card-input';

/**
 * The card goes to the offline provider's tokenizer directly, as it would to a card
 * network's: a plain fetch, not the console's API client, so no console API call (and
 * no session token) ever carries a card number. Its answer is its own: `{ id, card }`,
 * or `{ message }`, which the form shows word for word.
 */
export async function tokenizeOfflineCard(card: OfflineTokenRequest): Promise<CardTokenResult> {
  let res: Response;
  try {
    res = await fetch(OFFLINE_TOKENS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
    });
  } catch {
    return { error: NETWORK_ERROR_MESSAGE };
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.ok) {
    const token = offlineTokenSchema.safeParse(body);
    return token.success ? { token: token.data.id } : { error: BILLING_MESSAGES.tokenUnknown };
  }
  const message = (body as { message?: unknown } | null)?.message;
  return { error: typeof message === 'string' && message ? message : BILLING_MESSAGES.tokenUnknown };
}

/** Card number: digits only, grouped by four as typed ('4242 4242 4242 4242'), at most 19 digits. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as 'MM / YY': the separator appears once the month's two digits are in, so backspace never fights it. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Month and four-digit year from 'MM / YY'; null until both are there and the month is one. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

export interface OfflineCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The request once every field has its shape. Whether the number passes its checksum or
 * the card has expired is the provider's to say: its message is the one the form shows.
 */
export function offlineCardRequest(values: OfflineCardValues): OfflineTokenRequest | null {
  const number = values.number.replace(/\D/g, '');
  const expiry = parseExpiry(values.expiry);
  if (number.length < 12 || !expiry || !/^\d{3,4}$/.test(values.cvc)) return null;
  return { number, ...expiry, cvc: values.cvc };
}
