import type { EventConsumer } from './consumer';

/**
 * The consumers of domain events come from the server modules' manifests (`consumers`); the
 * process hands them here when it opens (bootstrap.ts), so the spine names no module.
 */
export const afterCommitOf = (consumers: readonly EventConsumer[]) => consumers.filter((c) => c.delivery === 'after-commit');

/**
 * The in-transaction consumers `emitEvent` runs. Set when a process opens its runtime from the
 * modules' list: every runtime of a process sets the same list (a test's own consumers are
 * after-commit ones, handed to the runtime), so a later one never changes what an earlier sees.
 */
let inTransaction: readonly EventConsumer[] = [];

export function useInTransactionConsumers(consumers: readonly EventConsumer[]): void {
  inTransaction = consumers.filter((c) => c.delivery === 'in-transaction');
}

export const inTransactionConsumers = (): readonly EventConsumer[] => inTransaction;
