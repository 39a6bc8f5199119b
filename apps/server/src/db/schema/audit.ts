import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The audit trail: one row per call that changed (or tried to change)
 * something. Append-only: a trigger (migration audit_append_only) refuses
 * UPDATE, DELETE and TRUNCATE, so not even the console can rewrite history.
 * Names are copied in, so an entry still says who acted after they leave.
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id'),
    /** The API key a call was made with: then userId is null and username is the key's name. */
    apiKeyId: uuid('api_key_id'),
    username: text('username').notNull(),
    email: text('email').notNull(),
    action: text('action').notNull(),
    method: text('method').notNull(),
    /** The route pattern, e.g. /api/client/members/:id. */
    route: text('route').notNull(),
    /** The path actually called, without its query string. */
    endpoint: text('endpoint').notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    payload: jsonb('payload').$type<unknown>(),
    status: integer('status').notNull(),
    /** The instance a call addressed, so members scoped to other instances do not see it. */
    instanceId: uuid('instance_id'),
    requestId: text('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_trail_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('audit_trail_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);
