import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The transactional outbox of domain events (packages/contracts/src/events.ts):
 * a change writes its event in its own transaction, so an event exists exactly
 * when its change committed. `payload` is the whole event as the contract
 * parsed it.
 *
 * `position` is the delivery order. It is given after the commit, by the
 * fan-out, one process at a time (an advisory lock), so positions follow the
 * order in which events became visible: a consumer whose cursor has passed a
 * position can never later find a committed event below it. Null until then.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    position: bigint('position', { mode: 'number' }),
    type: text('type').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('domain_events_position_uq').on(t.position),
    // The fan-out's "not yet positioned" scan stays on the few rows it concerns.
    index('domain_events_unpositioned_idx')
      .on(t.occurredAt, t.id)
      .where(sql`${t.position} is null`),
    index('domain_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * How far each after-commit consumer has got: every event up to `position`
 * was handed to it. The cursor moves in the same transaction as the
 * consumer's own writes, so a crash either keeps both or neither.
 */
export const domainEventCursors = pgTable('domain_event_cursors', {
  consumer: text('consumer').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
