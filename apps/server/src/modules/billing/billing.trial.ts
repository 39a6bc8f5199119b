import { and, eq, gt, lte, notExists } from 'drizzle-orm';
import { DAY_MS, TRIAL_DATA_KEPT_DAYS, TRIAL_NOTICE_DAYS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { billingAccounts, instances, tenants, trialNotices } from '../../db/schema';
import { billingMembers } from './billing.facts';
import type { Mail, Mailer } from '../../mail/mailer';
import { emitEvent } from '../../events/emit';
import { recordInstanceEvent } from '../instances/core/instances.events';
import type { Enqueue } from '../instances/workflow/instances.jobs';
import type { Clock } from '../../lib/time';

/**
 * The trial's end (contracts' billing.ts says what happens): notices mailed once each to the
 * account's billing members, then the running instances stopped, and after
 * TRIAL_DATA_KEPT_DAYS the stopped ones terminated, each through the instance workflow as a
 * member's stop or terminate would be. Accounts with billing details are never touched.
 */
export interface TrialRoundDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'queue'>;
  enqueue: Enqueue;
  productName: string;
  publicUrl: string;
}

export interface TrialReport {
  notices: number;
  stopped: number;
  terminated: number;
}

type Notice = (typeof trialNotices.$inferSelect)['notice'];

const noBillingDetails = (db: Db) => notExists(db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenants.id)));

function noticeMail(to: string, notice: Notice, d: TrialRoundDeps, trialEndsAt: Date): Mail {
  const billing = `${d.publicUrl.replace(/\/+$/, '')}/billing`;
  const when = trialEndsAt.toUTCString();
  const text =
    notice === 'ended'
      ? [
          `Your free trial of ${d.productName} has ended, and no billing details were added.`,
          'Your running instances have been stopped. Their data is kept for ' + `${TRIAL_DATA_KEPT_DAYS} days; after that, the instances are terminated.`,
          `Add billing details to start them again: ${billing}`,
        ]
      : [
          `Your free trial of ${d.productName} ends on ${when}.`,
          'Add billing details before then to keep your instances running; without them, running instances are stopped when the trial ends.',
          `Billing: ${billing}`,
        ];
  const subject = notice === 'ended' ? `Your ${d.productName} free trial has ended` : `Your ${d.productName} free trial ends in ${notice === '3d' ? '3 days' : '1 day'}`;
  return { to, subject, text: text.join('\n\n') };
}

async function sendNotices(d: TrialRoundDeps, notice: Notice, due: { id: string; trialEndsAt: Date }[]): Promise<number> {
  let sent = 0;
  for (const tenant of due) {
    const fresh = await d.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(trialNotices).values({ tenantId: tenant.id, notice, sentAt: d.clock.now() }).onConflictDoNothing().returning();
      if (!inserted) return false;
      for (const to of await billingMembers(tx, tenant.id)) await d.mailer.queue(tx, noticeMail(to, notice, d, tenant.trialEndsAt));
      // The notice as a fact, for the console's notifications (and webhooks): the mail above is only its billing members' copy.
      const common = { tenantId: tenant.id, actor: null, at: d.clock.now().getTime(), endsAt: tenant.trialEndsAt.getTime() };
      await emitEvent(tx, notice === 'ended' ? { type: 'account.trial_ended', ...common } : { type: 'account.trial_ending', ...common, daysLeft: notice === '3d' ? 3 : 1 });
      return true;
    });
    if (fresh) sent += 1;
  }
  return sent;
}

/**
 * Moves the instances in `from` of every account whose trial ended before `endedBefore`
 * without billing details to `to`, as the workflow's system actor, one compare-and-set each.
 */
async function moveInstances(d: TrialRoundDeps, endedBefore: Date, from: 'running' | 'stopped', to: 'stopping' | 'terminating'): Promise<number> {
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

export async function runTrialRound(d: TrialRoundDeps): Promise<TrialReport> {
  const now = d.clock.now();
  let notices = 0;
  for (const days of TRIAL_NOTICE_DAYS) {
    const notice: Notice = days === 3 ? '3d' : '1d';
    const due = await d.db
      .select({ id: tenants.id, trialEndsAt: tenants.trialEndsAt })
      .from(tenants)
      .where(and(gt(tenants.trialEndsAt, now), lte(tenants.trialEndsAt, new Date(now.getTime() + days * DAY_MS)), noBillingDetails(d.db), noNotice(d.db, notice)));
    // A trial that has a day left gets the 1-day notice only, not both at once.
    notices += await sendNotices(d, notice, days === 3 ? due.filter((t) => t.trialEndsAt.getTime() - now.getTime() > DAY_MS) : due);
  }
  const ended = await d.db
    .select({ id: tenants.id, trialEndsAt: tenants.trialEndsAt })
    .from(tenants)
    .where(and(lte(tenants.trialEndsAt, now), noBillingDetails(d.db), noNotice(d.db, 'ended')));
  notices += await sendNotices(d, 'ended', ended);
  // Every round, not only at the notice: an instance started since (an operator's) is stopped again.
  const stopped = await moveInstances(d, now, 'running', 'stopping');
  const terminated = await moveInstances(d, new Date(now.getTime() - TRIAL_DATA_KEPT_DAYS * DAY_MS), 'stopped', 'terminating');
  return { notices, stopped, terminated };
}

function noNotice(db: Db, notice: Notice) {
  return notExists(
    db
      .select()
      .from(trialNotices)
      .where(and(eq(trialNotices.tenantId, tenants.id), eq(trialNotices.notice, notice))),
  );
}
