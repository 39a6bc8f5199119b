import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_TYPES } from '@replay/contracts';
import { tenants } from './tenants';

/**
 * An account's webhook endpoints. The signing secret and the auth header are
 * sealed (lib/seal.ts, a key of their own, the row id as associated data): both
 * are credentials, shown once (the secret) or never (the header). A PagerDuty
 * webhook sends no Authorization header; its integration key is the credential
 * kept in `auth_header_sealed`, sealed under a binding of its own (webhooks.wire.ts).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** A plain text column: a new type (issue 45: slack, msteams, pagerduty) needs no migration. */
    type: text('type', { enum: WEBHOOK_TYPES }).notNull(),
    name: text('name').notNull(),
    endpoint: text('endpoint').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    authHeaderSealed: text('auth_header_sealed'),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last success: 5 days of only failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhooks_tenant_idx').on(t.tenantId)],
);

/**
 * One message to one endpoint and its chain of attempts. Written by the
 * after-commit consumer (one per event and subscribed endpoint: the unique key
 * makes a second hand-over of the event write nothing), by 'Send test event'
 * and by a replay (a new chain, same message id). A sender claims a due row by
 * moving `next_attempt_at` past its timeout, under `for update skip locked`,
 * so two console processes never send one attempt twice.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    /** The domain event delivered; null for a test event or a replay. */
    eventId: uuid('event_id'),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Due then (pending), or the claim of a sender at work; null once delivered or failed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    replayOf: uuid('replay_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.webhookId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    // The purge of finished deliveries past their keep (webhooks.jobs.ts).
    index('webhook_deliveries_finished_idx')
      .on(t.createdAt)
      .where(sql`status <> 'pending'`),
  ],
);

/** The delivery log: each attempt's request headers (the auth header masked), answer and timing. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_key').on(t.deliveryId, t.attempt)],
);
