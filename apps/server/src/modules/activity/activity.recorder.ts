import type { Db } from '../../db/client';
import { consoleActivities } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface ActivityEntry {
  tenantId: string;
  /** A stable key, e.g. 'member.invited' or 'instance.stopped'. */
  action: string;
  /** What the Activity screen shows in its Event column. */
  message: string;
  instance?: { id: string; name: string } | null;
  /** Null for the system (health watcher, provisioning jobs). */
  actor: { userId: string; name: string } | null;
  at: Date;
}

/**
 * The one way any domain writes to the console activity log. Pass the
 * transaction's handle so the entry commits or rolls back with the change.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(consoleActivities).values({
    id: newId(),
    tenantId: entry.tenantId,
    action: entry.action,
    message: entry.message,
    instanceId: entry.instance?.id ?? null,
    instanceName: entry.instance?.name ?? null,
    userId: entry.actor?.userId ?? null,
    userName: entry.actor?.name ?? 'System',
    createdAt: entry.at,
  });
}
