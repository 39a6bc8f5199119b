import type { DomainEventOf, DomainEventType } from '@replay/contracts';
import type { Db } from '../db/client';

/** An event as consumers get it: the contract's record and its id, the key of idempotent writes. */
export type DeliveredEvent<T extends DomainEventType = DomainEventType> = DomainEventOf<T> & { id: string };

/**
 * Something that acts on domain events. Its `handle` gets a transaction and
 * writes to the database only; anything that leaves it (mail, HTTP) is queued
 * there (mail: `ctx.mailer.queue(tx, …)`) and sent by a job of its own.
 *
 * - 'in-transaction': runs inside the emitting change's transaction. The change
 *   and its consequence commit or vanish together, and whoever made the change
 *   reads the consequence right after (read-after-write). For projections a
 *   screen shows, cheap enough to add to every change: the activity log.
 * - 'after-commit': the fan-out hands it every event of its types once, after
 *   the change committed, in a transaction of its own together with the move of
 *   its cursor (exactly once, whatever crashes, across console processes). For
 *   work the change must not wait for or fail on: notifications, webhooks,
 *   alert rules, billing. A consumer that fails stops at that event and is
 *   retried at the next delivery, in order.
 *
 * Either way, writes are keyed by the event id (`on conflict do nothing`), so
 * a consumer handed one event twice (run by hand, replayed) writes it once.
 */
export interface EventConsumer<T extends DomainEventType = DomainEventType> {
  /** Stable: an after-commit consumer's cursor is stored under it. */
  name: string;
  delivery: 'in-transaction' | 'after-commit';
  types: readonly T[];
  handle(tx: Db, event: DeliveredEvent<T>): Promise<void>;
}

/** Typed by its event types; stored in one list with the others. */
export function eventConsumer<T extends DomainEventType>(consumer: EventConsumer<T>): EventConsumer {
  return consumer as unknown as EventConsumer;
}

export const wants = (consumer: EventConsumer, event: { type: string }): boolean => (consumer.types as readonly string[]).includes(event.type);
