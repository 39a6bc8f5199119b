import type { SQL } from 'drizzle-orm';
import { BUDGET_MESSAGES, mayPayForUpgrade, type Instance, type InstanceStatus } from '@replay/contracts';
import { budgetStopsGrowth } from '../../billing/billing.facts';
import type { Database, Db } from '../../../db/client';
import { AppError, conflict } from '../../../lib/errors';
import { instanceScopeOf } from '../../../lib/instance-scope';
import type { Principal } from '../../../lib/principal';
import { diskRepo } from '../disk/instances.disk-repo';
import { recordInstanceEvent, type InstanceEvent } from './instances.events';
import type { Enqueue } from '../workflow/instances.jobs';
import { instancesRepo, type InstanceChange, type InstanceRow } from './instances.repo';
import { instanceToWire } from './instances.wire';
import type { Clock } from '../../../lib/time';

export interface AcceptDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
}

export interface MemberChange {
  /** The status the instance must still have. */
  from: InstanceStatus;
  /** What the request sets (its pending target, the flags); who and when are added here. */
  change: InstanceChange;
  /** What else must still hold (nothing else in progress, the value it was judged on). */
  stillHolds: SQL | undefined;
  /** The member's pending record: the Events tab row and the domain event. */
  record: Omit<InstanceEvent, 'instance' | 'actor' | 'at'>;
  /** Said when another change won the race between the checks and the write. */
  busy: string;
}

/**
 * A member's compare-and-set (`claim`, run in the transaction) and their pending record, in
 * one transaction: the row as it now is, or null when the claim lost (then nothing is recorded).
 */
export async function claimWithRecord(
  db: Db,
  p: Principal,
  at: Date,
  claim: (tx: Db) => Promise<InstanceRow | null>,
  record: Omit<InstanceEvent, 'instance' | 'actor' | 'at'>,
): Promise<InstanceRow | null> {
  return db.transaction(async (tx) => {
    const changed = await claim(tx);
    if (!changed) return null;
    await recordInstanceEvent(tx, { ...record, instance: changed, actor: { userId: p.userId, name: p.name }, at });
    return changed;
  });
}

/**
 * A member's request for a change the workflow carries out (a disk increase, a type
 * switch, a version upgrade): the row's change and the member's pending record in one
 * compare-and-set, so of two requests at once one wins and the other is refused with
 * `busy`; then the workflow is woken and the changed instance answered.
 */
export async function acceptMemberChange(deps: AcceptDeps, p: Principal, instanceId: string, m: MemberChange): Promise<Instance> {
  const at = deps.clock.now();
  const change: InstanceChange = { ...m.change, updatedAt: at, updatedBy: p.userId, failure: null, uiFailure: null };
  const moved = await claimWithRecord(deps.database.db, p, at, (tx) => instancesRepo(tx).changeIf(instanceScopeOf(p), instanceId, m.from, change, m.stillHolds), m.record);
  if (!moved) throw conflict(m.busy);
  await deps.enqueue(instanceId);
  return instanceToWire(moved);
}

/**
 * Whether the account may pay more (a larger disk, a dearer type): billing details, or
 * an enterprise edition billed by contract (contracts' `mayPayForUpgrade`, the drawers'
 * rule too). A free account is answered 402 and sent to billing setup (spec section 5).
 */
export async function accountMayPayMore(deps: { database: Database; hasBillingDetails(tenantId: string): Promise<boolean> }, tenantId: string): Promise<boolean> {
  if (await deps.hasBillingDetails(tenantId)) return true;
  return mayPayForUpgrade({ hasBillingDetails: false, edition: await diskRepo(deps.database.db).edition(tenantId) });
}

/**
 * The spend budget's hard stop (billing's fact): a new instance or a size increase (a dearer type,
 * a larger disk) is refused while the account's budget is used up and its hard stop is on, 402
 * `budget_exhausted`. Decreases and every other change pass; nothing running is stopped.
 */
export async function assertBudgetAllowsGrowth(db: Db, tenantId: string, at: Date): Promise<void> {
  if (await budgetStopsGrowth(db, tenantId, at)) throw new AppError('budget_exhausted', [BUDGET_MESSAGES.exhausted]);
}
