import { sql } from 'drizzle-orm';
import { AVATAR_ICONS } from '@replay/contracts';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles';
import { tenants } from './tenants';

/** A team member of one account; the email is the identity used to log in. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** One of contracts' AVATAR_ICONS; null: the member's initials. */
    avatar: text('avatar', { enum: AVATAR_ICONS }),
    passwordHash: text('password_hash'),
    admin: boolean('admin').notNull().default(false),
    superAdmin: boolean('super_admin').notNull().default(false),
    roleId: uuid('role_id').references(() => roles.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /**
     * The pending invitation: found by the SHA-256 of its token, and kept
     * encrypted (AES-256-GCM) so admins can copy the link again. Both are
     * cleared when the person joins or a new link replaces it.
     */
    invitationTokenHash: text('invitation_token_hash'),
    invitationTokenSealed: text('invitation_token_sealed'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_invitation_token_uq').on(t.invitationTokenHash),
  ],
);
