import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { OFFLINE_CARD_MESSAGES, OFFLINE_TEST_CARDS, cardBrand, luhnValid, type OfflineToken, type OfflineTokenRequest } from '@replay/contracts';
import type { Db } from '../../db/client';
import { offlineCards } from '../../db/schema';
import { PaymentRefused, type ChargeResult, type PaymentProvider, type SavedCard } from './payment-provider.door';
import type { Clock } from '../../lib/time';

/*
 * The offline payment provider, beside Stripe's (stripe-provider.ts): billing chooses between
 * them (payment-providers.ts). modules/offline-payments serves only the card page, which
 * tokenizes through this door, so billing never imports that module.
 */

type Outcome = (typeof offlineCards.$inferSelect)['outcome'];

/** The test cards' outcomes: every other valid card's charges succeed (no money moves offline). */
const OUTCOMES: ReadonlyMap<string, Outcome> = new Map<string, Outcome>([
  [OFFLINE_TEST_CARDS.declined, 'declined'],
  [OFFLINE_TEST_CARDS.insufficientFunds, 'insufficient_funds'],
]);

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-]/g, 'x')}`;

/**
 * The offline provider's tokenizer: checks a card as a card network's would (number,
 * expiry, CVC) and keeps only what a charge needs: brand, last four digits, expiry and the
 * test card's outcome. The number and CVC are forgotten when this returns.
 */
export async function tokenizeCard(deps: { db: Db; clock: Clock }, card: OfflineTokenRequest): Promise<OfflineToken> {
  const digits = card.number.replaceAll(' ', '');
  if (!luhnValid(digits)) throw new PaymentRefused('incorrect_number', OFFLINE_CARD_MESSAGES.number);
  const now = deps.clock.now();
  const endOfExpiryMonth = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw new PaymentRefused('expired_card', OFFLINE_CARD_MESSAGES.expired);
  if (cardBrand(digits) === 'amex' ? card.cvc.length !== 4 : card.cvc.length !== 3) throw new PaymentRefused('incorrect_cvc', OFFLINE_CARD_MESSAGES.cvc);
  const summary = { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
  const token = randomId('tok');
  await deps.db.insert(offlineCards).values({ token, ...summary, outcome: OUTCOMES.get(digits) ?? 'success', createdAt: now });
  return { id: token, card: summary };
}

/** The offline provider, behind billing's PaymentProvider interface. */
export function offlinePaymentProvider(deps: { db: Db; clock: Clock }): PaymentProvider {
  return {
    kind: 'offline',

    async saveCard({ customerRef, token, tenantId }): Promise<SavedCard> {
      const paymentMethodId = randomId('pm');
      // Once: of two saves racing with one token, only one finds it unattached.
      const [row] = await deps.db
        .update(offlineCards)
        .set({ paymentMethodId, attachedAt: deps.clock.now() })
        .where(and(eq(offlineCards.token, token), isNull(offlineCards.paymentMethodId)))
        .returning();
      if (!row) throw new PaymentRefused('token_unknown', 'The card token is unknown or was used already.');
      return {
        customerRef: customerRef ?? `cus_${createHash('sha256').update(tenantId).digest('hex').slice(0, 24)}`,
        paymentMethodRef: paymentMethodId,
        card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
      };
    },

    async charge({ paymentMethodRef, idempotencyKey }): Promise<ChargeResult> {
      const [row] = await deps.db.select().from(offlineCards).where(eq(offlineCards.paymentMethodId, paymentMethodRef));
      if (!row) return { ok: false, code: 'payment_method_unknown', message: 'The saved card is unknown to the payment provider.' };
      if (row.outcome === 'declined') return { ok: false, code: 'card_declined', message: OFFLINE_CARD_MESSAGES.declined };
      if (row.outcome === 'insufficient_funds') return { ok: false, code: 'insufficient_funds', message: OFFLINE_CARD_MESSAGES.insufficientFunds };
      const now = deps.clock.now();
      if (Date.UTC(row.expYear, row.expMonth, 1) <= now.getTime()) return { ok: false, code: 'expired_card', message: OFFLINE_CARD_MESSAGES.expired };
      // The same attempt always gets the same charge: nothing is charged twice.
      return { ok: true, chargeRef: `ch_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}
