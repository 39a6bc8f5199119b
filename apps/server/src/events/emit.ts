import { domainEventSchema, type DomainEvent } from '@replay/contracts';
import type { Db } from '../db/client';
import { domainEvents } from '../db/schema';
import { newId } from '../lib/ids';
import { wants } from './consumer';
import { inTransactionConsumers } from './consumers';

/**
 * Records that something happened, in the transaction of the change itself:
 * the event exists exactly when the change committed (the transactional
 * outbox). In-transaction consumers (the activity log) run here; after the
 * commit the table's trigger wakes the fan-out, which hands the event to
 * every after-commit consumer. Pass the change's transaction, never the
 * pool: on its own the event could outlive a change that rolled back.
 */
export async function emitEvent(tx: Db, input: DomainEvent): Promise<string> {
  const [id] = await emitEvents(tx, [input]);
  return id!;
}

/** Many events of one change at once (closing 500 accounts' periods): one insert, then the in-transaction consumers of each. */
export async function emitEvents(tx: Db, inputs: readonly DomainEvent[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const events = inputs.map((input) => ({ id: newId(), event: domainEventSchema.parse(input) }));
  await tx.insert(domainEvents).values(events.map(({ id, event }) => ({ id, type: event.type, tenantId: event.tenantId, payload: event, occurredAt: new Date(event.at) })));
  for (const { id, event } of events) {
    for (const consumer of inTransactionConsumers()) {
      if (wants(consumer, event)) await consumer.handle(tx, { ...event, id });
    }
  }
  return events.map((e) => e.id);
}
