import type { Db } from '../../db/client';
import { consoleActivities } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface ActivityEntry {
  /** The event's id when written from one (a second write of it is ignored); a fresh one otherwise. */
  id?: string;
  tenantId: string;
  /** A stable key, e.g. 'member.invited' or 'instance.stopped': the event's type. */
  action: string;
  /** What the Activity screen shows in its Event column. */
  message: string;
  instance?: { id: string; name: string } | null;
  /** Null for the system (health watcher, provisioning jobs). */
  actor: { userId: string; name: string } | null;
  at: Date;
}

/**
 * Writes one line of the console activity log. Domains do not call this:
 * they emit events, and the activity log's consumer (activity.consumer.ts)
 * writes the line in the same transaction.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db
    .insert(consoleActivities)
    .values({
      id: entry.id ?? newId(),
      tenantId: entry.tenantId,
      action: entry.action,
      message: entry.message,
      instanceId: entry.instance?.id ?? null,
      instanceName: entry.instance?.name ?? null,
      userId: entry.actor?.userId ?? null,
      userName: entry.actor?.name ?? 'System',
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: consoleActivities.id });
}
