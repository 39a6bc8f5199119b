import { describe, expect, it } from 'vitest';
import { canSaveBilling, holderValuesOf, type HolderValues } from './billing-form';
import { EMPTY_CARD, cardLabel, type CardInput } from './card/card-input';
import { makeBillingDetailsWithCard } from './test-fixtures';

const complete: CardInput = { empty: false, complete: true, tokenize: async () => ({ token: 'tok_123456' }) };
const partial: CardInput = { empty: false, complete: false, tokenize: async () => ({ error: 'x' }) };
const saved = holderValuesOf(makeBillingDetailsWithCard());
const blank = holderValuesOf(undefined);
const moved: HolderValues = { ...saved, city: 'Cambridge' };

describe('when Save is enabled', () => {
  it('the first time, only with the card and the name and address complete', () => {
    const first = { existing: false, saved: blank, enteringCard: true };
    expect(canSaveBilling({ ...first, holder: saved, card: EMPTY_CARD })).toBe(false);
    expect(canSaveBilling({ ...first, holder: { ...saved, country: '' }, card: complete })).toBe(false);
    expect(canSaveBilling({ ...first, holder: { ...saved, name: '  ' }, card: complete })).toBe(false);
    expect(canSaveBilling({ ...first, holder: saved, card: complete })).toBe(true);
  });

  it('for a saved card, when the address changed or a new card is complete, never with a half-typed card', () => {
    const edit = { existing: true, saved };
    expect(canSaveBilling({ ...edit, holder: saved, enteringCard: false, card: EMPTY_CARD })).toBe(false);
    expect(canSaveBilling({ ...edit, holder: { ...saved, city: ' London ' }, enteringCard: false, card: EMPTY_CARD })).toBe(false);
    expect(canSaveBilling({ ...edit, holder: moved, enteringCard: false, card: EMPTY_CARD })).toBe(true);
    expect(canSaveBilling({ ...edit, holder: saved, enteringCard: true, card: complete })).toBe(true);
    expect(canSaveBilling({ ...edit, holder: moved, enteringCard: true, card: partial })).toBe(false);
    expect(canSaveBilling({ ...edit, holder: { ...moved, line1: '' }, enteringCard: false, card: EMPTY_CARD })).toBe(false);
  });

  it('reads a saved card as the spec shows it', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2030 })).toBe('Visa •••• 4242, expires 03/2030');
  });
});
