import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's passkeys and security keys (WebAuthn) as a second factor. The public key is the
 * COSE key the authenticator made (base64url; not a secret); `counter` is the signature count
 * last accepted, so an assertion from a cloned authenticator (a count not above it) is refused.
 */
export const userWebauthnCredentials = pgTable(
  'user_webauthn_credentials',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The authenticator's credential id (base64url): unique across every member, as WebAuthn makes them. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_webauthn_credentials_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge the server handed out: for a registration or a fresh proof of identity
 * (bound to the session that asked) or a sign-in's second step (bound to its mfa challenge). Spent by the first response
 * that brings it, right or wrong; short-lived; expired rows are purged on a schedule (mfa.jobs.ts).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['registration', 'sign-in', 'reauth'] }).notNull(),
    /** The session id (registration, reauth) or the mfa challenge id (sign-in) the challenge belongs to. */
    boundTo: uuid('bound_to').notNull(),
    challenge: text('challenge').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
