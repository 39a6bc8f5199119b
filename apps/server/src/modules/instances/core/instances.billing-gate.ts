import { INSTANCE_MESSAGES, PROJECT_MESSAGES, accountLimits, instanceLimit, isBillingRequired, remainingTrialDays, type InstanceSize } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { hasPastDueInvoice } from '../../billing/billing.facts';
import { countLiveProjects } from '../../projects/projects.facts';
import { instancesRepo } from './instances.repo';
import { assertBudgetAllowsGrowth } from './instances.accept-change.door';

/*
 * What billing lets an account do with its instances, answered 402: the request is fine and
 * the caller may make it; the account has to add or update payment details first. Beyond
 * billing, the account's instance cap (ACCOUNT_LIMITS.instances) and, since a new instance
 * brings its default project, its site cap (ACCOUNT_LIMITS.sites), answered 409.
 */

/** Creating one, in the create's transaction (the account's row locked, so two creates are judged one after the other). */
export async function assertMayCreate(tx: Db, tenantId: string, size: InstanceSize, hasBillingDetails: boolean, at: Date): Promise<void> {
  const txRepo = instancesRepo(tx);
  const { trialEndsAt } = await txRepo.lockAccount(tenantId);
  const facts = { hasBillingDetails, instanceCount: await txRepo.countLive(tenantId), remainingTrial: remainingTrialDays(trialEndsAt, at) };
  if (isBillingRequired(facts, size)) throw new AppError('billing_required', [INSTANCE_MESSAGES.billingRequired]);
  // Dunning's last step: an invoice open past its due date (BILLING_GRACE_DAYS) stops new instances.
  if (await hasPastDueInvoice(tx, tenantId, at)) throw new AppError('billing_required', [INSTANCE_MESSAGES.invoicePastDue]);
  await assertBudgetAllowsGrowth(tx, tenantId, at);
  // The account's cap (ACCOUNT_LIMITS), judged after billing: a trial's second instance is a billing question (402), not a cap.
  const instances = instanceLimit({ hasBillingDetails, instanceCount: facts.instanceCount });
  if (instances.remaining === 0) throw new AppError('conflict', [INSTANCE_MESSAGES.instanceLimit(instances.limit)]);
  const { sites } = accountLimits({ hasBillingDetails, seats: 0, sites: await countLiveProjects(tx, tenantId) });
  if (sites.remaining === 0) throw new AppError('conflict', [PROJECT_MESSAGES.limit(sites.limit)]);
}

/** Starting one: the trial's end stopped the account's instances, and they start again once it can pay (contracts' billing.ts). */
export async function assertMayStart(db: Db, tenantId: string, at: Date, hasBillingDetails: (tenantId: string) => Promise<boolean>): Promise<void> {
  if ((await instancesRepo(db).trialEndsAt(tenantId)) <= at && !(await hasBillingDetails(tenantId))) {
    throw new AppError('billing_required', [INSTANCE_MESSAGES.trialEndedStart]);
  }
}
