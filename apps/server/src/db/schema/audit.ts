import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The audit trail: one row per call that changed (or tried to change)
 * something. Append-only: a trigger (migration audit_append_only) refuses
 * UPDATE, DELETE and TRUNCATE, so not even the console can rewrite history.
 * Names are copied in, so an entry still says who acted after they leave.
 *
 * Each account's rows form a hash chain (packages/audit-chain): `seq` counts
 * them from 1, `hash` covers the row's fields and `prev_hash`, the hash of the
 * row before. The three are null only in rows written without them: before
 * the chain existed, or by a console of the release before during a rolling
 * upgrade. Those are chained at startup and by the account's next append
 * (modules/audit/audit.chain.ts); making the columns NOT NULL is the
 * contract step of the next release (docs/OPERATIONS.md).
 */
export const auditTrail = pgTable(
  'audit_trail',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
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
    /** The row's place in its account's chain, from 1, without a gap. */
    seq: integer('seq'),
    /** The hash of the account's row seq - 1 (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** SHA-256 (hex) of this row's fields, seq and prevHash: recordHash of packages/audit-chain. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_trail_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('audit_trail_tenant_user_idx').on(t.tenantId, t.userId),
    // One row per place: even a writer that skipped the chain's lock could not fork it. Also the export's order.
    uniqueIndex('audit_trail_tenant_seq_idx').on(t.tenantId, t.seq),
    // Finds an account's rows still to chain in an index of (normally) nothing: every append looks.
    index('audit_trail_unchained_idx')
      .on(t.tenantId)
      .where(sql`${t.hash} is null`),
  ],
);
