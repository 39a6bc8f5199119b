import type { CommitOutbox } from '../platform/job-types';
import { deliverDomainEvents, purgeDeliveredEvents } from '../events/fan-out';

/**
 * The kernel's own commit outboxes, which the workers run before any module's. They live with
 * the workers, not with the spine and the mailer they deliver for: events/ and mail/ sit below
 * jobs/ (the workers read the fan-out), so a job definition kept there would import jobs/ back
 * (scripts/folder-knots.ts).
 */

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

/** Sends queued mail (with SMTP; the outbox transport queues nothing). */
export const mailDeliveryOutbox: CommitOutbox = {
  queue: 'mail-delivery',
  deliver: (ctx) => ctx.mailer.deliverQueued(ctx.db, ctx.logger),
};
