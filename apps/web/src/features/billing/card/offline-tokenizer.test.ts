import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, OFFLINE_CARD_MESSAGES, OFFLINE_TOKENS_PATH } from '@replay/contracts';
import { stubApi } from '../../../test/fetch-stub';
import { formatCardNumber, formatExpiry, offlineCardRequest, parseExpiry, tokenizeOfflineCard } from './offline-tokenizer';

const KEY = `POST ${OFFLINE_TOKENS_PATH}`;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('the offline card fields', () => {
  it('group the number by four and write the expiry as MM / YY', () => {
    expect(formatCardNumber('4242-4242 42424242x')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12')).toBe('12');
    expect(parseExpiry('12 / 30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
  });

  it('make a request only once every field has its shape', () => {
    expect(offlineCardRequest({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' })).toEqual(CARD);
    expect(offlineCardRequest({ number: '4242 4242', expiry: '12 / 30', cvc: '123' })).toBeNull();
    expect(offlineCardRequest({ number: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '123' })).toBeNull();
    expect(offlineCardRequest({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '12' })).toBeNull();
  });
});

describe('tokenizeOfflineCard', () => {
  it('posts the card as JSON to the provider, without the session, and answers its token', async () => {
    const stub = stubApi({ [KEY]: { status: 200, body: { id: 'tok_abc123', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } } } });
    await expect(tokenizeOfflineCard(CARD)).resolves.toEqual({ token: 'tok_abc123' });
    expect(stub.calls).toEqual([expect.objectContaining({ method: 'POST', path: OFFLINE_TOKENS_PATH, body: CARD, authorization: null })]);
  });

  it('answers the provider’s own message when it refuses the card', async () => {
    stubApi({ [KEY]: { status: 402, body: { message: OFFLINE_CARD_MESSAGES.number, code: 'incorrect_number' } } });
    await expect(tokenizeOfflineCard(CARD)).resolves.toEqual({ error: OFFLINE_CARD_MESSAGES.number });
  });

  it('falls back to the contracts’ words when the answer says nothing', async () => {
    stubApi({ [KEY]: { status: 500 } });
    await expect(tokenizeOfflineCard(CARD)).resolves.toEqual({ error: BILLING_MESSAGES.tokenUnknown });
  });
});
