import { BILLING_MESSAGES, type CreateBillingInput, type EditBillingInput } from '@replay/contracts';
import { emitEvent } from '../../events/emit';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { retryOpenInvoices } from './billing.payments';
import { billingRepo } from './billing.repo';
import type { BillingDeps } from './billing.deps';
import { PaymentRefused, type PaymentProvider, type SavedCard } from './payment-provider.door';

/** The Billing screen's form: the first card and address, and their edits, each with the provider's answer. */

const actorOf = (p: Principal) => ({ userId: p.userId, name: p.name });

/** The columns a saved card fills: the provider's references and what the Credit Card card shows. */
function cardColumns(provider: PaymentProvider, saved: SavedCard) {
  return {
    provider: provider.kind,
    customerRef: saved.customerRef,
    paymentMethodRef: saved.paymentMethodRef,
    cardBrand: saved.card.brand,
    cardLast4: saved.card.last4,
    cardExpMonth: saved.card.expMonth,
    cardExpYear: saved.card.expYear,
  };
}

/** The provider's answer to a token, or the user's error in its words. */
async function saveCard(provider: PaymentProvider, p: Principal, token: string, customerRef: string | null): Promise<SavedCard> {
  try {
    return await provider.saveCard({ customerRef, token, name: p.name, email: p.email, tenantId: p.tenantId });
  } catch (err) {
    if (err instanceof PaymentRefused) {
      throw new AppError('card_refused', [err.code === 'token_unknown' ? BILLING_MESSAGES.tokenUnknown : err.message]);
    }
    throw err;
  }
}

/** POST /plans/billing: the first details; a second call is refused (the form edits instead). */
export async function saveFirstDetails(deps: BillingDeps, p: Principal, input: CreateBillingInput): Promise<void> {
  const repo = billingRepo(deps.db);
  if (await repo.account(p.tenantId)) throw new AppError('conflict', [BILLING_MESSAGES.alreadySetUp]);
  const saved = await saveCard(deps.provider, p, input.cardToken, null);
  const now = deps.clock.now();
  const inserted = await deps.db.transaction(async (tx) => {
    const added = await billingRepo(tx).insertAccount({
      tenantId: p.tenantId,
      ...cardColumns(deps.provider, saved),
      name: input.name,
      address: input.address,
      createdAt: now,
      updatedAt: now,
    });
    if (added) {
      await emitEvent(tx, { type: 'billing.details_saved', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), firstTime: true, cardChanged: true, last4: saved.card.last4 });
      await retryOpenInvoices(tx, p.tenantId, now);
    }
    return added;
  });
  if (!inserted) throw new AppError('conflict', [BILLING_MESSAGES.alreadySetUp]);
}

/** PUT /plans/edit: name and address, and the card when a new token comes. */
export async function editDetails(deps: BillingDeps, p: Principal, input: EditBillingInput): Promise<void> {
  const repo = billingRepo(deps.db);
  const account = await repo.account(p.tenantId);
  if (!account) throw new AppError('conflict', [BILLING_MESSAGES.notSetUp]);
  const saved = input.cardToken ? await saveCard(deps.provider, p, input.cardToken, account.customerRef) : null;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await billingRepo(tx).updateAccount(p.tenantId, {
      name: input.name,
      address: input.address,
      updatedAt: now,
      ...(saved && cardColumns(deps.provider, saved)),
    });
    const last4 = saved?.card.last4 ?? account.cardLast4;
    await emitEvent(tx, { type: 'billing.details_saved', tenantId: p.tenantId, actor: actorOf(p), at: now.getTime(), firstTime: false, cardChanged: Boolean(saved), last4 });
    // A new card: what the old one could not pay is tried on it at once.
    if (saved) await retryOpenInvoices(tx, p.tenantId, now);
  });
}
