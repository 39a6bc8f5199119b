import type { EventConsumer } from './consumer';

/**
 * The consumers of domain events that run inside the emitting change's transaction (the
 * activity log), as the modules declared them. `emitEvent` is called with a transaction only,
 * in some fifty places, so it reads them here; the runtime installs the modules' list as it opens
 * (bootstrap.ts), before any request or job can emit. The list is the same in every process and
 * every test app, so whoever installs it first, it carries nothing from one app to another.
 */
let inTransaction: readonly EventConsumer[] = [];

export function installInTransactionConsumers(consumers: readonly EventConsumer[]): void {
  inTransaction = consumers.filter((c) => c.delivery === 'in-transaction');
}

export const inTransactionConsumers = (): readonly EventConsumer[] => inTransaction;

export const afterCommitConsumersOf = (consumers: readonly EventConsumer[]): EventConsumer[] => consumers.filter((c) => c.delivery === 'after-commit');
