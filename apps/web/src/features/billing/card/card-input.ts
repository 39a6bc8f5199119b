import { BILLING_MESSAGES, type CardSummary } from '@replay/contracts';

/** What tokenizing a card answered: the provider's token, or its message saying why not. */
export type CardTokenResult = { token: string } | { error: string };

/**
 * A card entry, whichever provider's fields it is (the offline tokenizer's or Stripe's):
 * the form only asks whether it is empty or complete, and for a token when saving. The
 * card itself never leaves the entry except to its provider.
 */
export interface CardInput {
  empty: boolean;
  complete: boolean;
  tokenize: () => Promise<CardTokenResult>;
}

export const EMPTY_CARD: CardInput = { empty: true, complete: false, tokenize: async () => ({ error: BILLING_MESSAGES.cardIncomplete }) };

/** What a card entry component takes: it reports its state on every change, and shows the provider's last message. */
export interface CardInputProps {
  onChange: (card: CardInput) => void;
  error: string | null;
  disabled?: boolean;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'visa' → 'Visa'; a brand the console does not know is shown as the provider spelled it. */
export function brandLabel(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand === 'unknown' || !brand ? 'Card' : brand.charAt(0).toUpperCase() + brand.slice(1));
}

/** '12/2030' */
export const expiryLabel = (card: Pick<CardSummary, 'expMonth' | 'expYear'>) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

/** 'Visa •••• 4242, expires 12/2030' */
export const cardLabel = (card: CardSummary) => `${brandLabel(card.brand)} •••• ${card.last4}, expires ${expiryLabel(card)}`;
