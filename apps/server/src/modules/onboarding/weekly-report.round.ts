import { eq } from 'drizzle-orm';
import { DAY_MS, SIGNAL_RETENTION_DAYS, WEEK_MS, weeklySlotOf } from '@replay/contracts';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';
import type { InfrastructureDriver } from '../../infra/driver';
import { loadPrincipal } from '../../lib/principal';
import type { Mailer } from '../../mail/mailer';
import { onboardingRepo } from './onboarding.repo';
import { buildWeeklyReport, weeklyReportMail, type RecordedOf, type SpendOf } from './weekly-report.content';
import { weeklyReportRepo } from './weekly-report.repo';
import type { Clock } from '../../lib/time';

export interface WeeklyReportDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'queue'>;
  productName: string;
  publicUrl: string;
  spendOf: SpendOf;
  /** The instances' own figures (sessions, users, errors), asked of their agents. */
  driver: Pick<InfrastructureDriver, 'activity'>;
}

/**
 * An instance's figures asked once per round (every member's report of the slot shows the same
 * week): a running instance's agent is asked; a stopped one has none to ask, and one that does
 * not answer (starting, stopping, gone) gives none, so its line says so instead of a zero.
 */
function recordedOnce(driver: WeeklyReportDeps['driver']): RecordedOf {
  const asked = new Map<string, ReturnType<RecordedOf>>();
  return (instance, from, to) => {
    if (instance.status !== 'running') return Promise.resolve(null);
    let answer = asked.get(instance.id);
    if (!answer) {
      answer = driver.activity(instance.id, from, to).then(
        ({ sessions, users, errors }) => ({ sessions, users, errors }),
        () => null,
      );
      asked.set(instance.id, answer);
    }
    return answer;
  };
}

/** Members read per batch: each report is a handful of small queries, so a batch is seconds of work. */
const BATCH = 100;

/**
 * One round: every member who opted in before this week's slot (Monday 08:00 UTC) and
 * has not had this slot's report gets one, covering the week that ended at the slot.
 * Exactly once per member and slot across any number of console processes and rounds:
 * the member's (user, slot) row and the mail are written in one transaction, and the row's
 * key refuses a second (a process that loses the race writes nothing). The round also
 * forgets UI signals past their retention.
 */
export async function runWeeklyReportRound(deps: WeeklyReportDeps): Promise<{ queued: number; purgedSignals: number }> {
  const now = deps.clock.now();
  const slot = weeklySlotOf(now.getTime());
  const slotAt = new Date(slot);
  let queued = 0;
  const skipped = new Set<string>();
  const sources = { spendOf: deps.spendOf, recordedOf: recordedOnce(deps.driver) };
  for (;;) {
    const due = (await weeklyReportRepo(deps.db).dueMembers(slotAt, BATCH + skipped.size)).filter((m) => !skipped.has(m.userId));
    if (due.length === 0) break;
    for (const m of due) {
      const principal = await loadPrincipal(deps.db, m.userId, m.tenantId);
      if (!principal) {
        skipped.add(m.userId);
        continue;
      }
      const report = await buildWeeklyReport(deps.db, principal, slot - WEEK_MS, slot, sources);
      const sent = await deps.db.transaction(async (tx) => {
        if (!(await weeklyReportRepo(tx).claimSend(m, slotAt, now))) return false;
        const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, m.tenantId));
        await deps.mailer.queue(tx, weeklyReportMail({ to: m.email, name: m.name, tenantName: tenant?.name ?? '', productName: deps.productName, publicUrl: deps.publicUrl, report }));
        return true;
      });
      if (sent) queued++;
    }
  }
  const purgedSignals = await onboardingRepo(deps.db).purgeSignals(new Date(now.getTime() - SIGNAL_RETENTION_DAYS * DAY_MS));
  return { queued, purgedSignals };
}
