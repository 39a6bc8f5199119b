import { activityLogConsumer } from '../modules/activity/activity.consumer';
import { webhooksConsumer } from '../modules/webhooks/webhooks.consumer';
import { notificationsConsumer } from '../modules/notifications/notifications.consumer';
import type { EventConsumer } from './consumer';

/**
 * Every consumer of domain events, one line each (see consumer.ts for the two
 * kinds).
 */
export const eventConsumers: readonly EventConsumer[] = [
  activityLogConsumer,
  webhooksConsumer,
  notificationsConsumer,
];

export const inTransactionConsumers = eventConsumers.filter((c) => c.delivery === 'in-transaction');
export const afterCommitConsumers = eventConsumers.filter((c) => c.delivery === 'after-commit');
