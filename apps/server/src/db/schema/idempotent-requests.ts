import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The creates answered under an Idempotency-Key (lib/idempotency.ts): one row per account,
 * caller (a person or an API key), operation and key, with the digest of the request and the
 * answer. A row without an answer (status 0) is a request still running. Rows older than a
 * day are forgotten (the health round deletes them; a claim replaces one).
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `key:<id>`: two callers of one account never share keys. */
    caller: text('caller').notNull(),
    /** `POST /api/projects`: the operation, as declared (parameters unfilled). */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's parameters and body, canonical JSON. */
    requestHash: text('request_hash').notNull(),
    /** The HTTP status of the stored answer; 0 while the first request runs. */
    status: integer('status').notNull().default(0),
    /**
     * The answer's payload (what `data` held) as JSON, sealed (lib/seal.ts) to this row: a create's
     * answer may hold a secret shown once (an API key's, a webhook's signing secret).
     */
    responseSealed: text('response_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.caller, t.operation, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);
