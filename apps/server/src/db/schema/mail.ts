import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
