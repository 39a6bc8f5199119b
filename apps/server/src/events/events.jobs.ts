import type { CommitOutbox } from '../jobs/job-types';
import { deliverDomainEvents, purgeDeliveredEvents } from './fan-out';

/** Delivered events are kept this long (to look into what happened), then go. */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** The fan-out: hands committed domain events to this process's after-commit consumers (`ctx.eventConsumers`). */
export const domainEventsOutbox: CommitOutbox = {
  queue: 'domain-events',
  deliver: (ctx) => deliverDomainEvents(ctx.db, ctx.eventConsumers, ctx.logger),
  // A process given no after-commit consumer (some tests) has nothing to start at a commit.
  active: (ctx) => ctx.eventConsumers.length > 0,
  tidy: (ctx) => purgeDeliveredEvents(ctx.db, ctx.eventConsumers, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS)),
};
