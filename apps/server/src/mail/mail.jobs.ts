import type { CommitOutbox } from '../jobs/job-types';

/** Sends queued mail (with SMTP; the outbox transport queues nothing). */
export const mailDeliveryOutbox: CommitOutbox = {
  queue: 'mail-delivery',
  deliver: (ctx) => ctx.mailer.deliverQueued(ctx.db, ctx.logger),
};
