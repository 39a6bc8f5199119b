import { and, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instances, onboardingFacts, uiSignals, users, weeklyReportChoices } from '../../db/schema';

export interface OnboardingFactsRow {
  dataReceivedAt: Date | null;
  identifiedAt: Date | null;
}

/** Getting-started facts, UI signals and weekly report choices, each of one account or one member. */
export function onboardingRepo(db: Db) {
  return {
    async facts(tenantId: string): Promise<OnboardingFactsRow> {
      const [row] = await db.select({ dataReceivedAt: onboardingFacts.dataReceivedAt, identifiedAt: onboardingFacts.identifiedAt }).from(onboardingFacts).where(eq(onboardingFacts.tenantId, tenantId));
      return row ?? { dataReceivedAt: null, identifiedAt: null };
    },

    /** Records facts seen; a fact already recorded keeps its first time. */
    async recordFacts(tenantId: string, seen: OnboardingFactsRow): Promise<void> {
      await db
        .insert(onboardingFacts)
        .values({ tenantId, ...seen })
        .onConflictDoUpdate({
          target: onboardingFacts.tenantId,
          set: {
            dataReceivedAt: sql`coalesce(${onboardingFacts.dataReceivedAt}, excluded.data_received_at)`,
            identifiedAt: sql`coalesce(${onboardingFacts.identifiedAt}, excluded.identified_at)`,
          },
        });
    },

    /** The account's running instances, whose agents can say whether recordings arrived. */
    async runningInstanceIds(tenantId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: instances.instanceId })
        .from(instances)
        .where(and(eq(instances.tenantId, tenantId), eq(instances.status, 'running')))
        .orderBy(instances.createdAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Members who have joined, the account's creator included. */
    async joinedMembers(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), isNotNull(users.joinedAt), isNull(users.deletedAt)));
      return row?.n ?? 0;
    },

    async insertSignal(row: typeof uiSignals.$inferInsert): Promise<void> {
      await db.insert(uiSignals).values(row);
    },

    async purgeSignals(before: Date): Promise<number> {
      const removed = await db.delete(uiSignals).where(lt(uiSignals.receivedAt, before)).returning({ id: uiSignals.id });
      return removed.length;
    },

    async weeklyReport(userId: string): Promise<boolean> {
      const [row] = await db.select({ on: weeklyReportChoices.weeklyReport }).from(weeklyReportChoices).where(eq(weeklyReportChoices.userId, userId));
      return row?.on ?? false;
    },

    async saveWeeklyReport(userId: string, on: boolean, at: Date): Promise<void> {
      await db
        .insert(weeklyReportChoices)
        .values({ userId, weeklyReport: on, changedAt: at })
        .onConflictDoUpdate({
          target: weeklyReportChoices.userId,
          // Saving the same choice again keeps its time: an opt-in's time decides which weeks are mailed.
          set: { weeklyReport: on, changedAt: sql`case when ${weeklyReportChoices.weeklyReport} = ${on} then ${weeklyReportChoices.changedAt} else excluded.changed_at end` },
        });
    },
  };
}
