import { sql } from 'drizzle-orm';
import type { DomainEventType } from '@replay/contracts';
import type { Db } from '../../src/db/client';
import { eventConsumer, type DeliveredEvent, type EventConsumer } from '../../src/events/consumer';

/**
 * A projection only the tests have: an after-commit consumer's database
 * writes, keyed by the event id as every consumer's must be. Created by the
 * test (not a migration), so the console itself knows nothing of it.
 */
export async function createProjection(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists test_projection (event_id uuid not null, consumer text not null, handled_by text not null, primary key (event_id, consumer))`);
}

export async function projected(db: Db, consumer: string): Promise<{ event_id: string; handled_by: string }[]> {
  const result = await db.execute(sql`select event_id, handled_by from test_projection where consumer = ${consumer} order by event_id`);
  return (result as unknown as { rows: { event_id: string; handled_by: string }[] }).rows;
}

/**
 * An after-commit consumer as a console process would run it, that says which
 * process handed it each event (`calls`) and writes each one to the projection
 * (`on conflict do nothing`). `beforeCommit` runs after the write, inside the
 * delivery: a test throws there to stand for a process that dies between the
 * consumer's write and its cursor's move.
 */
export function recorder(opts: { name: string; process: string; types: readonly DomainEventType[]; calls: string[]; beforeCommit?: (event: DeliveredEvent) => void }): EventConsumer {
  return eventConsumer({
    name: opts.name,
    delivery: 'after-commit',
    types: opts.types,
    async handle(tx, event) {
      opts.calls.push(`${opts.process}:${event.id}`);
      await tx.execute(sql`insert into test_projection (event_id, consumer, handled_by) values (${event.id}, ${opts.name}, ${opts.process}) on conflict (event_id, consumer) do nothing`);
      opts.beforeCommit?.(event);
    },
  });
}
