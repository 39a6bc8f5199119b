import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An account (organization): the unit every other row is scoped to. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  tenantKey: text('tenant_key').notNull().unique(),
  /**
   * The account-wide key of the previous release, read and written by nothing now (API keys are
   * rows of `api_keys`; the account's `apiKey` answers null). Kept, nullable, while a console of
   * the previous release may still run beside this one (docs/OPERATIONS.md: expand, then
   * contract); dropped by the next release's migration.
   */
  retiredApiKey: text('api_key').unique(),
  edition: text('edition', { enum: ['ee', 'foss'] })
    .notNull()
    .default('foss'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
  optOut: boolean('opt_out').notNull().default(false),
  modules: text('modules').array().notNull().default([]),
  /** The owner's rule: every member signs in with a second factor; one without it may only set it up. */
  mfaRequired: boolean('mfa_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
