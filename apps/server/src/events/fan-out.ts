import { and, asc, eq, gt, inArray, isNotNull, lt, lte, min, sql } from 'drizzle-orm';
import { domainEventSchema } from '@replay/contracts';
import type { Db } from '../db/client';
import { domainEventCursors, domainEvents } from '../db/schema';
import type { Logger } from '../lib/logger';
import { wants, type EventConsumer } from './consumer';

/** Any number, fixed: one positioning pass at a time across every console process. */
const POSITIONING_LOCK = 72_144_002;
const BATCH = 100;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Gives committed events their delivery position, oldest first, one pass at a
 * time across all processes (a transaction-scoped advisory lock). A pass sees
 * every position given before it, so positions grow in the order events
 * became visible, and a cursor never passes an event that commits later.
 */
export async function positionCommittedEvents(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const given = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${POSITIONING_LOCK})`);
      const result = await tx.execute(sql`
        with base as (select coalesce(max(${domainEvents.position}), 0) as p from ${domainEvents}),
             fresh as (
               select ${domainEvents.id} as id, row_number() over (order by ${domainEvents.occurredAt}, ${domainEvents.id}) as n
               from ${domainEvents} where ${domainEvents.position} is null
               order by ${domainEvents.occurredAt}, ${domainEvents.id} limit ${BATCH * 5})
        update ${domainEvents} set position = base.p + fresh.n from base, fresh
        where ${domainEvents.id} = fresh.id returning 1`);
      return rowsOf(result).length;
    });
    total += given;
    if (given < BATCH * 5) return total;
  }
}

/** A consumer met for the first time starts after the events already positioned: it hears what happens from now on. */
export async function ensureCursors(db: Db, consumers: readonly EventConsumer[]): Promise<void> {
  for (const { name } of consumers) {
    await db.execute(sql`
      insert into ${domainEventCursors} (consumer, position)
      select ${name}, coalesce(max(${domainEvents.position}), 0) from ${domainEvents}
      on conflict (consumer) do nothing`);
  }
}

export type DeliveryOutcome = 'done' | 'blocked';

/**
 * Hands one consumer the events past its cursor, in position order. Each
 * batch is one transaction: the cursor row is locked first (another process
 * delivering to this consumer waits, then starts where this one ended), each
 * event is handled in a savepoint, and the cursor moves with the consumer's
 * writes. A crash anywhere loses both or keeps both: no event lost, none
 * handed twice. An event the consumer fails on stays next in line; the
 * events before it are kept, and the next delivery tries it again.
 */
export async function deliverTo(db: Db, consumer: EventConsumer, logger: Logger): Promise<DeliveryOutcome> {
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [cursor] = await tx.select({ position: domainEventCursors.position }).from(domainEventCursors).where(eq(domainEventCursors.consumer, consumer.name)).for('update');
      if (!cursor) return 'done' as const;
      const rows = await tx
        .select({ id: domainEvents.id, position: domainEvents.position, type: domainEvents.type, payload: domainEvents.payload })
        .from(domainEvents)
        .where(gt(domainEvents.position, cursor.position))
        .orderBy(asc(domainEvents.position))
        .limit(BATCH);
      let reached = cursor.position;
      let failed = false;
      for (const row of rows) {
        if (wants(consumer, row)) {
          try {
            const event = { ...domainEventSchema.parse(row.payload), id: row.id };
            await tx.transaction((sp) => consumer.handle(sp, event));
          } catch (err) {
            logger.error({ err, consumer: consumer.name, eventId: row.id, eventType: row.type }, 'an event consumer failed; it is tried again at the next delivery');
            failed = true;
            break;
          }
        }
        reached = row.position!;
      }
      if (reached !== cursor.position) {
        await tx.update(domainEventCursors).set({ position: reached, updatedAt: new Date() }).where(eq(domainEventCursors.consumer, consumer.name));
      }
      if (failed) return 'blocked' as const;
      return rows.length < BATCH ? ('done' as const) : ('more' as const);
    });
    if (outcome !== 'more') return outcome;
  }
}

/** Positions what committed, then delivers to every consumer in turn. */
export async function deliverDomainEvents(db: Db, consumers: readonly EventConsumer[], logger: Logger): Promise<void> {
  await positionCommittedEvents(db);
  for (const consumer of consumers) await deliverTo(db, consumer, logger);
}

/**
 * Events older than `before` that every consumer of this process has passed
 * go; an event some consumer still waits for stays, however old.
 */
export async function purgeDeliveredEvents(db: Db, consumers: readonly EventConsumer[], before: Date): Promise<void> {
  const names = consumers.map((c) => c.name);
  const [slowest] = names.length
    ? await db
        .select({ position: min(domainEventCursors.position) })
        .from(domainEventCursors)
        .where(inArray(domainEventCursors.consumer, names))
    : [{ position: null }];
  const upTo = names.length ? (slowest?.position ?? 0) : Number.MAX_SAFE_INTEGER;
  await db.delete(domainEvents).where(and(lt(domainEvents.occurredAt, before), isNotNull(domainEvents.position), lte(domainEvents.position, upTo)));
}
