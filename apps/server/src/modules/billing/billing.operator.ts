import type { AppContext } from '../../platform/context';
import { closeRunningPeriodNow, type CloseReport } from './billing.close';
import { paymentDepsOf, runPaymentRound, type PaymentReport } from './billing.payments';
import { billingRepo } from './billing.repo';

/**
 * The operator's early close of the account named by its id, a member's id or a member's
 * email: the running period closed and invoiced, then charged at once, as the next round
 * would a minute later. Null when no account has that name.
 */
export async function closeAccountNow(ctx: AppContext, given: string): Promise<({ accountId: string } & CloseReport & PaymentReport) | null> {
  const account = await billingRepo(ctx.db).accountNamed(given);
  if (!account) return null;
  const closed = await closeRunningPeriodNow({ db: ctx.db, clock: ctx.clock, graceDays: ctx.env.BILLING_GRACE_DAYS }, account.tenantId);
  const payments = await runPaymentRound(paymentDepsOf(ctx), account.tenantId);
  return { accountId: account.tenantId, ...closed, ...payments };
}
