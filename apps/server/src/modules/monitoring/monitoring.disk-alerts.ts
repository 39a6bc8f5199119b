import { and, eq, inArray, sql } from 'drizzle-orm';
import { diskAlertOf, type DiskAlert } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceDiskAlerts, instances } from '../../db/schema';
import { emitEvent } from '../../events/emit';
import type { MetricRow } from './monitoring.repo';

const RANK: Record<DiskAlert | 'none', number> = { none: 0, warning: 1, critical: 2 };

/**
 * The disk alert level (contracts' disk.ts: warning at 80 %, critical at 99 %) of each sample
 * just stored, against the level last seen: a rise is an `instance.disk_alert` event (a
 * notification, a webhook), a fall is only remembered, so a disk hovering at 80 % warns once
 * until it has gone back under. The level is written by compare-and-set in the event's
 * transaction, so a slot sampled by two processes warns once.
 */
export async function trackDiskAlerts(db: Db, rows: readonly MetricRow[], at: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const known = new Map(
    (
      await db
        .select()
        .from(instanceDiskAlerts)
        .where(
          inArray(
            instanceDiskAlerts.instanceId,
            rows.map((r) => r.instanceId),
          ),
        )
    ).map((r) => [r.instanceId, r.level]),
  );
  let raised = 0;
  for (const row of rows) {
    const percent = row.disk / 100;
    const level = diskAlertOf(percent);
    const before = known.has(row.instanceId) ? (known.get(row.instanceId) ?? null) : null;
    if (level === before) continue;
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .insert(instanceDiskAlerts)
        .values({ instanceId: row.instanceId, level, changedAt: at })
        .onConflictDoUpdate({ target: instanceDiskAlerts.instanceId, set: { level, changedAt: at }, setWhere: sql`${instanceDiskAlerts.level} is distinct from ${level}` })
        .returning();
      if (!changed || !level || RANK[level] <= RANK[before ?? 'none']) return;
      const [inst] = await tx
        .select({ tenantId: instances.tenantId, name: instances.name, status: instances.status, size: instances.size, diskGb: instances.diskSize })
        .from(instances)
        .where(and(eq(instances.instanceId, row.instanceId)));
      if (!inst) return;
      const { tenantId, ...ref } = inst;
      await emitEvent(tx, { type: 'instance.disk_alert', tenantId, actor: null, at: at.getTime(), instance: { id: row.instanceId, ...ref }, level, percent });
      raised += 1;
    });
  }
  return raised;
}
