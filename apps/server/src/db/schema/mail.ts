import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the console sends; without SMTP this is the only delivery (the outbox). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * With SMTP: mail waiting to be sent, queued in the transaction of the change
 * that wrote it and deleted once the SMTP server took it. The whole mail
 * (recipient, subject, bodies) is sealed (AES-256-GCM, key derived from the
 * console's secret, the row id as associated data): reset and invitation
 * links are live credentials, and the database must not hold them readable.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey(),
    sealed: text('sealed').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before then: a retry's backoff, or the claim of a sender at work (if it dies, the mail is tried again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_queue_next_attempt_idx').on(t.nextAttemptAt)],
);
