import { and, asc, eq, gt, inArray, like, max, min, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { domainEvents, instances } from '../../../db/schema';
import type { InstanceRow } from '../core/instances.repo';

/**
 * One change as the live status stream reads it: the domain event and its delivery position.
 * `instanceId` null: a change of the team (a member or a role), after which the streams of
 * the account re-read their caller's rights at once.
 */
export interface PositionedChange {
  position: number;
  type: string;
  tenantId: string;
  instanceId: string | null;
  /** A support chat's message (`support.*`): the conversation it was posted in. */
  conversationId: string | null;
  at: number;
}

const streamed = or(like(domainEvents.type, 'instance.%'), like(domainEvents.type, 'member.%'), like(domainEvents.type, 'role.%'), like(domainEvents.type, 'support.%'));

/**
 * The live status stream's reads. Its ids are the domain events' delivery
 * positions (events/fan-out.ts): given after commit, one pass at a time
 * across every process, so they grow in the order changes became visible and
 * a reader that has seen position n has seen everything before it.
 */
export function liveStatusRepo(db: Db) {
  const changes = async (after: number, limit: number, tenantId?: string): Promise<PositionedChange[]> => {
    const rows = await db
      .select({ position: domainEvents.position, type: domainEvents.type, tenantId: domainEvents.tenantId, payload: domainEvents.payload, at: domainEvents.occurredAt })
      .from(domainEvents)
      .where(and(gt(domainEvents.position, after), streamed, tenantId === undefined ? undefined : eq(domainEvents.tenantId, tenantId)))
      .orderBy(asc(domainEvents.position))
      .limit(limit);
    return rows.map((r) => ({
      position: r.position!,
      type: r.type,
      tenantId: r.tenantId,
      instanceId: r.type.startsWith('instance.') ? (r.payload as { instance: { id: string } }).instance.id : null,
      conversationId: r.type.startsWith('support.') ? (r.payload as { conversationId: string }).conversationId : null,
      at: r.at.getTime(),
    }));
  };
  return {
    /** Every instance change of every account past `after`, in position order (the hub's one read per commit). */
    changesAfter: (after: number, limit: number) => changes(after, limit),
    /** One account's instance changes past `after` (a reconnecting client's replay). */
    accountChangesAfter: (tenantId: string, after: number, limit: number) => changes(after, limit, tenantId),

    /** The first and last positions still kept (events are purged after 30 days). */
    async positionRange(): Promise<{ oldest: number | null; newest: number }> {
      const [row] = await db.select({ oldest: min(domainEvents.position), newest: max(domainEvents.position) }).from(domainEvents);
      return { oldest: row?.oldest ?? null, newest: row?.newest ?? 0 };
    },

    /** The instances as they are now, whatever their account: the caller's scope is judged per message. */
    async instancesNow(ids: readonly string[]): Promise<Map<string, InstanceRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(instances)
        .where(inArray(instances.instanceId, [...ids]));
      return new Map(rows.map((r) => [r.instanceId, r]));
    },
  };
}
export type LiveStatusRepo = ReturnType<typeof liveStatusRepo>;
