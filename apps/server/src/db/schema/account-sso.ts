import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ACCOUNT_SSO_PROTOCOLS, ACCOUNT_SSO_STATES } from '@replay/contracts';
import { roles } from './roles';
import { sessions } from './auth';
import { tenants } from './tenants';
import { users } from './users';

/**
 * An account's single sign-on connection to its identity provider (one per account). The OIDC
 * client secret is sealed (lib/seal.ts, a key of its own, the row id as associated data), as is
 * a SAML connection's own signing key (made when the connection is first saved as SAML).
 * `settings_digest` is a hash of every setting a test sign-in proves; `tested_digest` the one
 * the last passed test proved: enforcing needs the two equal.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    protocol: text('protocol', { enum: ACCOUNT_SSO_PROTOCOLS }).notNull(),
    state: text('state', { enum: ACCOUNT_SSO_STATES }).notNull(),
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    oidcClientSecretSealed: text('oidc_client_secret_sealed'),
    samlEntryPoint: text('saml_entry_point'),
    samlIdpCert: text('saml_idp_cert'),
    samlIdpEntityId: text('saml_idp_entity_id'),
    /** The IdP's SingleLogoutService (HTTP-Redirect); null: it offers none. */
    samlLogoutUrl: text('saml_logout_url'),
    /** The console's own SAML signing certificate for this connection (public: its SP metadata and the owner's screen show it). */
    samlSpCert: text('saml_sp_cert'),
    /** Its private key, sealed (the SSO key; `saml-sp-key:<row id>` as associated data); never answered. */
    samlSpKeySealed: text('saml_sp_key_sealed'),
    defaultRoleId: uuid('default_role_id')
      .notNull()
      .references(() => roles.id),
    groupRoles: jsonb('group_roles').$type<{ group: string; roleId: string }[]>().notNull(),
    settingsDigest: text('settings_digest').notNull(),
    testedDigest: text('tested_digest'),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    lastTestPassed: boolean('last_test_passed'),
    lastTestDetail: text('last_test_detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sso_connections_tenant_uq').on(t.tenantId)],
);

/**
 * A domain an account claims for single sign-on. Pending until the code mailed to an address
 * at the domain is entered (its SHA-256 kept, never the code); only one account may hold a
 * domain verified.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    domain: text('domain').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sso_domains_tenant_domain_uq').on(t.tenantId, t.domain),
    uniqueIndex('sso_domains_verified_uq')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A sign-in started towards the IdP and not yet back (state, nonce and PKCE verifier kept
 * server-side, found by the state's hash; the browser's binding cookie must match too), then,
 * once back, the one-time ticket the SPA exchanges for a session. Single use, short-lived.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'test'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** SAML: the AuthnRequest's id, which the Response's InResponseTo must name. */
    samlRequestId: text('saml_request_id'),
    /**
     * SAML: what the ACS checked (the identity, or why it was refused), sealed, until the browser's
     * same-origin GET shows its binding cookie (the IdP's cross-site POST carries no Lax cookie).
     */
    samlOutcomeSealed: text('saml_outcome_sealed'),
    /** The settings the sign-in was started with: a test proves only these. */
    settingsDigest: text('settings_digest').notNull(),
    userId: uuid('user_id').references(() => users.id),
    ticketHash: text('ticket_hash'),
    /** What the IdP said, kept for single logout (sealed: an id_token is a credential of sorts). */
    idpSessionSealed: text('idp_session_sealed'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sso_sign_ins_state_uq').on(t.stateHash), uniqueIndex('sso_sign_ins_ticket_uq').on(t.ticketHash), index('sso_sign_ins_expiry_idx').on(t.expiresAt)],
);

/**
 * A console session opened through single sign-on, with what single logout needs: the IdP's
 * session id (OIDC `sid`, SAML SessionIndex), the subject, and the id_token (sealed) for the
 * RP-initiated logout's hint.
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    idpSessionId: text('idp_session_id'),
    idTokenSealed: text('id_token_sealed'),
    /** SAML: the NameID's format, which a LogoutRequest must name with the NameID. */
    samlNameIdFormat: text('saml_name_id_format'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_sessions_idp_sid_idx').on(t.connectionId, t.idpSessionId), index('sso_sessions_subject_idx').on(t.connectionId, t.subject)],
);
