import { and, asc, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertHistory, alertRules, instanceMetrics, instances } from '../../db/schema';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertHistoryRow = typeof alertHistory.$inferSelect;

/** Alert rules and their history; every read by a member names the account, the instance and (but for the per-instance cap) the project. */
export function alertsRepo(db: Db) {
  const ofInstance = (tenantId: string, instanceId: string) => and(eq(alertRules.tenantId, tenantId), eq(alertRules.instanceId, instanceId));
  const ofProject = (tenantId: string, instanceId: string, projectId: string) => and(ofInstance(tenantId, instanceId), eq(alertRules.projectId, projectId));
  return {
    list(tenantId: string, instanceId: string, projectId: string): Promise<AlertRuleRow[]> {
      return db
        .select()
        .from(alertRules)
        .where(ofProject(tenantId, instanceId, projectId))
        .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
    },
    async countOf(tenantId: string, instanceId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(alertRules).where(ofInstance(tenantId, instanceId));
      return row?.n ?? 0;
    },
    async one(tenantId: string, instanceId: string, projectId: string, id: string): Promise<AlertRuleRow | undefined> {
      const [row] = await db
        .select()
        .from(alertRules)
        .where(and(ofProject(tenantId, instanceId, projectId), eq(alertRules.id, id)));
      return row;
    },
    async add(row: typeof alertRules.$inferInsert): Promise<AlertRuleRow> {
      const [added] = await db.insert(alertRules).values(row).returning();
      return added!;
    },
    async update(tenantId: string, instanceId: string, projectId: string, id: string, set: Partial<typeof alertRules.$inferInsert>): Promise<AlertRuleRow | undefined> {
      const [row] = await db
        .update(alertRules)
        .set(set)
        .where(and(ofProject(tenantId, instanceId, projectId), eq(alertRules.id, id)))
        .returning();
      return row;
    },
    async remove(tenantId: string, instanceId: string, projectId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(alertRules)
        .where(and(ofProject(tenantId, instanceId, projectId), eq(alertRules.id, id)))
        .returning({ id: alertRules.id });
      return removed.length > 0;
    },
    history(ruleId: string): Promise<AlertHistoryRow[]> {
      return db.select().from(alertHistory).where(eq(alertHistory.ruleId, ruleId)).orderBy(desc(alertHistory.at), desc(alertHistory.id)).limit(100);
    },
    addHistory(row: typeof alertHistory.$inferInsert) {
      return db.insert(alertHistory).values(row);
    },

    /**
     * The round's input: every enabled rule not yet evaluated for `slot`, with its instance
     * as it now is and the instance's sample of that slot (none: the agent did not answer).
     */
    dueAt(slot: Date) {
      return db
        .select({
          rule: alertRules,
          instance: { name: instances.name, status: instances.status, size: instances.size, diskSize: instances.diskSize, healthy: instances.healthy },
          sample: { cpu: instanceMetrics.cpu, memory: instanceMetrics.memory, disk: instanceMetrics.disk },
        })
        .from(alertRules)
        .innerJoin(instances, eq(instances.instanceId, alertRules.instanceId))
        .leftJoin(instanceMetrics, and(eq(instanceMetrics.instanceId, alertRules.instanceId), eq(instanceMetrics.at, slot)))
        .where(and(eq(alertRules.enabled, true), or(isNull(alertRules.evaluatedAt), lt(alertRules.evaluatedAt, slot))));
    },

    /** The round's compare-and-set: only the first evaluation of a slot writes (and fires, resolves). */
    async claimEvaluation(id: string, slot: Date, set: Pick<AlertRuleRow, 'state' | 'breachingSince' | 'lastValue'>): Promise<boolean> {
      const rows = await db
        .update(alertRules)
        .set({ ...set, evaluatedAt: slot })
        .where(and(eq(alertRules.id, id), eq(alertRules.enabled, true), or(isNull(alertRules.evaluatedAt), lt(alertRules.evaluatedAt, slot))))
        .returning({ id: alertRules.id });
      return rows.length > 0;
    },
  };
}
