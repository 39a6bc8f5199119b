import { activityLogConsumer } from '../modules/activity/activity.consumer';
import { webhooksConsumer } from '../modules/webhooks/webhooks.consumer';
import type { EventConsumer } from './consumer';

/**
 * Every consumer of domain events, one line each (see consumer.ts for the two
 * kinds). Next: notifications, alert rules, billing's usage record.
 */
export const eventConsumers: readonly EventConsumer[] = [
  activityLogConsumer,
  webhooksConsumer,
];

export const inTransactionConsumers = eventConsumers.filter((c) => c.delivery === 'in-transaction');
export const afterCommitConsumers = eventConsumers.filter((c) => c.delivery === 'after-commit');
