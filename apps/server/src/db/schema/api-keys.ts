import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles';
import { tenants } from './tenants';
import { users } from './users';

/**
 * API keys (issue 18): each holds one of the account's roles and acts within its
 * creator's rights. Only SHA-256 digests of secrets are kept. The guard finds a key by
 * digest in the same statement that reads its caller (lib/api-key-principal.ts), with
 * expiry and revocation in that statement's WHERE: a revoked key's next request is
 * refused on every console process, at no extra round trip. Revoked keys stay listed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    secretHash: text('secret_hash').notNull().unique(),
    /** The secret replaced by the last rotation, valid until previousValidUntil. */
    previousSecretHash: text('previous_secret_hash').unique(),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAccessList: text('ip_access_list').array().notNull().default([]),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_tenant_idx').on(t.tenantId, t.createdAt)],
);
