import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles';
import { tenants } from './tenants';
import { users } from './users';

/**
 * An account's SCIM token (issue 45): only its SHA-256 digest is kept. One live token per
 * account (a rotation revokes the old one in the same transaction); the guard finds it by
 * digest with `revoked_at is null` in the WHERE, so a revocation holds on every process at once.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scim_tokens_live_uq')
      .on(t.tenantId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** A group the identity provider pushed; the owner may map it to one of the account's roles. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    roleId: uuid('role_id').references(() => roles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('scim_groups_name_uq').on(t.tenantId, sql`lower(${t.displayName})`), index('scim_groups_role_idx').on(t.roleId)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('scim_group_members_user_idx').on(t.userId)],
);
