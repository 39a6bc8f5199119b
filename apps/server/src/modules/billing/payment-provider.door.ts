import type { CardSummary, PaymentProviderKind } from '@replay/contracts';

/**
 * The one seam between billing and whoever holds the cards (design: payments). Billing
 * never sees a card: the browser tokenizes it with the provider's own tokenizer and billing
 * hands the token here. Two adapters: the offline provider (the default, no card network)
 * and Stripe (when its keys are set).
 */
export interface PaymentProvider {
  kind: PaymentProviderKind;
  /**
   * Turns a token the provider issued into the account's saved card (a customer is created
   * the first time). A token it never issued, or one used already, is refused with
   * `PaymentRefused` code 'token_unknown'.
   */
  saveCard(input: { customerRef: string | null; token: string; name: string; email: string; tenantId: string }): Promise<SavedCard>;
  /**
   * Charges the saved card. `idempotencyKey` names the attempt: the same key charges once
   * even if asked twice (a console killed after the charge and before recording it).
   */
  charge(input: { customerRef: string; paymentMethodRef: string; amountCents: number; currency: string; idempotencyKey: string; description: string }): Promise<ChargeResult>;
}

export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
  card: CardSummary;
}

export type ChargeResult = { ok: true; chargeRef: string } | { ok: false; code: string; message: string };

/** A refusal the provider answered (not an outage): shown to the user as the provider worded it. */
export class PaymentRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
