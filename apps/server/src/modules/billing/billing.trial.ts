import { and, eq, gt, lte, notExists } from 'drizzle-orm';
import { DAY_MS, TRIAL_DATA_KEPT_DAYS, TRIAL_NOTICE_DAYS } from '@replay/contracts';
import type { Db } from '../../db/client';
import { tenants, trialNotices } from '../../db/schema';
import { billingMembers, noBillingDetails } from './billing.facts';
import type { Mail, Mailer } from '../../mail/mailer';
import { emitEvent } from '../../events/emit';
import type { Clock } from '../../lib/time';

/**
 * The trial's end (contracts' billing.ts says what happens): notices mailed once each to the
 * account's billing members, then the running instances stopped, and after
 * TRIAL_DATA_KEPT_DAYS the stopped ones terminated, each through the instance workflow as a
 * member's stop or terminate would be. Accounts with billing details are never touched.
 */
/**
 * What the trial's end asks of the instances, which own their rows and workflow (instances'
 * core fills it: billing never imports instances, which read billing's facts). Each moves the
 * instances of every account whose trial ended before `endedBefore` without billing details,
 * as the workflow's system actor, and answers how many moved.
 */
export interface TrialInstancesPort {
  /** Running ones to stopping. */
  stopEndedTrials(endedBefore: Date): Promise<number>;
  /** Stopped, unprotected ones to terminating. */
  terminateEndedTrials(endedBefore: Date): Promise<number>;
}

export interface TrialRoundDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'queue'>;
  instances: TrialInstancesPort;
  productName: string;
  publicUrl: string;
}

export interface TrialReport {
  notices: number;
  stopped: number;
  terminated: number;
}

type Notice = (typeof trialNotices.$inferSelect)['notice'];

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
  const stopped = await d.instances.stopEndedTrials(now);
  const terminated = await d.instances.terminateEndedTrials(new Date(now.getTime() - TRIAL_DATA_KEPT_DAYS * DAY_MS));
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
