import type { InstanceActivityAction, InstanceActivityStatus } from '@replay/contracts';
import type { Db } from '../../db/client';
import { instanceActivities } from '../../db/schema';
import { newId } from '../../lib/ids';
import { recordActivity } from '../activity/activity.recorder';

/** Who did it: a signed-in member, or null for the console itself (workflow, health watcher). */
export type Actor = { userId: string; name: string } | null;

export interface InstanceEvent {
  instance: { instanceId: string; tenantId: string; name: string };
  actor: Actor;
  at: Date;
  /** The Events tab row. */
  action: InstanceActivityAction;
  status: InstanceActivityStatus;
  comments: string;
  /** The console activity log row: a stable key ('instance.stopped') and its Event text. */
  logAction: string;
  message: string;
}

/**
 * Writes one thing that happened to an instance to both of its logs: the
 * instance's Events tab and the console activity log. Pass the transaction
 * of the change itself, so the change and its record commit together.
 */
export async function recordInstanceEvent(tx: Db, e: InstanceEvent): Promise<void> {
  await tx.insert(instanceActivities).values({
    activityId: newId(),
    instanceId: e.instance.instanceId,
    tenantId: e.instance.tenantId,
    userId: e.actor?.userId ?? null,
    userName: e.actor?.name ?? 'System',
    action: e.action,
    status: e.status,
    comments: e.comments,
    createdAt: e.at,
  });
  await recordActivity(tx, {
    tenantId: e.instance.tenantId,
    action: e.logAction,
    message: e.message,
    instance: { id: e.instance.instanceId, name: e.instance.name },
    actor: e.actor,
    at: e.at,
  });
}
