import type { DomainEvent, InstanceActivityAction, InstanceActivityStatus } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { instanceActivities } from '../../../db/schema';
import { emitEvent } from '../../../events/emit';
import { newId } from '../../../lib/ids';
import type { InstanceRow } from './instances.repo';
import { usagePeriodsRepo } from './instances.usage-repo';

/** Who did it: a signed-in member, or null for the console itself (workflow, health watcher). */
export type Actor = { userId: string; name: string } | null;

type InstanceDomainEvent = Extract<DomainEvent, { instance: unknown }>;
type WithoutEnvelope<T> = T extends unknown ? Omit<T, 'tenantId' | 'actor' | 'at' | 'instance'> : never;
/** The domain event's type and what it adds to the instance as it now is. */
export type InstanceEventDetail = WithoutEnvelope<InstanceDomainEvent>;

export interface InstanceEvent {
  /** The instance once the change is made. */
  instance: Pick<InstanceRow, 'instanceId' | 'tenantId' | 'name' | 'status' | 'size' | 'diskSize'>;
  actor: Actor;
  at: Date;
  /** The Events tab row. */
  action: InstanceActivityAction;
  status: InstanceActivityStatus;
  comments: string;
  /** The domain event (the console activity log is written from it). */
  event: InstanceEventDetail;
}

/**
 * Records one thing that happened to an instance: its Events tab row, its
 * usage period (a new one when its status, size or disk changed) and its
 * domain event. Pass the transaction of the change itself, so the change and
 * its records commit together.
 */
export async function recordInstanceEvent(tx: Db, e: InstanceEvent): Promise<void> {
  const { instance } = e;
  await tx.insert(instanceActivities).values({
    activityId: newId(),
    instanceId: instance.instanceId,
    tenantId: instance.tenantId,
    userId: e.actor?.userId ?? null,
    userName: e.actor?.name ?? 'System',
    action: e.action,
    status: e.status,
    comments: e.comments,
    createdAt: e.at,
  });
  await usagePeriodsRepo(tx).follow(instance, e.at);
  await emitEvent(tx, {
    ...e.event,
    tenantId: instance.tenantId,
    actor: e.actor,
    at: e.at.getTime(),
    instance: { id: instance.instanceId, name: instance.name, status: instance.status, size: instance.size, diskGb: instance.diskSize },
  } as InstanceDomainEvent);
}
