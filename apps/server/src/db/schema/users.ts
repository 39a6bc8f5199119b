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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
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
     * The spec's `changePassword`: set when the password the person signed in with no longer
     * passes the shared strength rule; until they choose a new one, their session opens only
     * the account and the password change. Cleared by the change.
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /**
     * The spec's `verifiedEmail`: when the person last proved they read the address's mail, by
     * following a link the console mailed there (the invitation they joined by, a password reset).
     * Null for an owner who signed up and has not used such a link.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The pending invitation: found by the SHA-256 of its token, and kept
     * encrypted (AES-256-GCM) so admins can copy the link again. Both are
     * cleared when the person joins or a new link replaces it.
     */
    invitationTokenHash: text('invitation_token_hash'),
    invitationTokenSealed: text('invitation_token_sealed'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    /**
     * SCIM provisioning (issue 45): 'active' for a member the account's identity provider
     * created (no password: they sign in through SSO); 'inactive' once it deactivated them (the
     * row is then removed like any member, deleted_at set, but SCIM still reads it, so the
     * provider can reactivate it). Null for a member SCIM did not create.
     */
    scimState: text('scim_state', { enum: ['active', 'inactive'] }),
    scimExternalId: text('scim_external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    uniqueIndex('users_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_invitation_token_uq').on(t.invitationTokenHash),
  ],
);
