import { and, eq, lte } from 'drizzle-orm';
import { TRIAL_DATA_KEPT_DAYS } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instances, tenants } from '../../../db/schema';
import type { Clock } from '../../../lib/time';
import { noBillingDetails } from '../../billing/billing.facts';
import type { Enqueue } from '../workflow/instances.jobs';
import { recordInstanceEvent } from './instances.events';

/**
 * The instances' side of a free trial's end: billing's trial round decides when (its
 * TrialInstancesPort), and the instances move their own rows and send their workflow, each as a
 * member's stop or terminate would be.
 */
interface TrialEndDeps {
  db: Db;
  clock: Clock;
  enqueue: Enqueue;
}

/**
 * Moves the instances in `from` of every account whose trial ended before `endedBefore`
 * without billing details to `to`, as the workflow's system actor, one compare-and-set each.
 */
async function moveInstances(d: TrialEndDeps, endedBefore: Date, from: 'running' | 'stopped', to: 'stopping' | 'terminating'): Promise<number> {
  const candidates = await d.db
    .select({ instanceId: instances.instanceId })
    .from(instances)
    .innerJoin(tenants, eq(tenants.id, instances.tenantId))
    .where(
      and(
        eq(instances.status, from),
        eq(instances.inProgress, false),
        to === 'terminating' ? eq(instances.isProtected, false) : undefined,
        lte(tenants.trialEndsAt, endedBefore),
        noBillingDetails(d.db),
      ),
    );
  let moved = 0;
  for (const { instanceId } of candidates) {
    const at = d.clock.now();
    const row = await d.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(instances)
        .set({ status: to, inProgress: true, updatedAt: at, failure: null, uiFailure: null })
        .where(and(eq(instances.instanceId, instanceId), eq(instances.status, from), eq(instances.inProgress, false), to === 'terminating' ? eq(instances.isProtected, false) : undefined))
        .returning();
      if (!changed) return null;
      const action = to === 'stopping' ? 'stop' : 'terminate';
      await recordInstanceEvent(tx, {
        instance: changed,
        actor: null,
        at,
        action,
        status: 'pending',
        comments: to === 'stopping' ? 'Stopped: the free trial ended without billing details' : `Terminated: ${TRIAL_DATA_KEPT_DAYS} days after the free trial ended without billing details`,
        event: { type: to === 'stopping' ? 'instance.stopping' : 'instance.terminating' },
      });
      return changed;
    });
    if (row) {
      moved += 1;
      await d.enqueue(instanceId);
    }
  }
  return moved;
}

/** What billing's trial round asks of the instances (its TrialInstancesPort), as the core's service `trialInstances`. */
export const trialInstancesOf = (d: TrialEndDeps) => ({
  stopEndedTrials: (endedBefore: Date) => moveInstances(d, endedBefore, 'running', 'stopping'),
  terminateEndedTrials: (endedBefore: Date) => moveInstances(d, endedBefore, 'stopped', 'terminating'),
});
