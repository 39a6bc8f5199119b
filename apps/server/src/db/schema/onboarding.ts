import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_TYPES } from '@replay/contracts';
import { instances } from './instances';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Getting-started facts an account reached once and keeps (modules/onboarding): the
 * first recording any of its instances received, and the first naming its user. Read
 * from the agents while unknown, then from here, so a stopped or terminated instance
 * does not undo a step.
 */
export const onboardingFacts = pgTable('onboarding_facts', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  dataReceivedAt: timestamp('data_received_at', { withTimezone: true }),
  identifiedAt: timestamp('identified_at', { withTimezone: true }),
});

/** The console's UI-usage signal (POST /{projectId}/signals), kept SIGNAL_RETENTION_DAYS. */
export const uiSignals = pgTable(
  'ui_signals',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The browser's time, as sent (checked to be near the server's). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    deviceType: text('device_type', { enum: DEVICE_TYPES }).notNull(),
  },
  (t) => [index('ui_signals_received_idx').on(t.receivedAt), index('ui_signals_tenant_idx').on(t.tenantId, t.receivedAt)],
);

/** A member's weekly report choice (GET/POST /config/weekly_report); no row: not opted in. */
export const weeklyReportChoices = pgTable('weekly_report_choices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  weeklyReport: boolean('weekly_report').notNull(),
  /** When the member last changed it: a week-slot that began before an opt-in is not mailed (weekly-report.round.ts). */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

/** One row per member and week-slot a report was queued for: the key is "once per member per week" across console processes. */
export const weeklyReportSends = pgTable(
  'weekly_report_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    weekStart: timestamp('week_start', { withTimezone: true }).notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'weekly_report_sends_pk', columns: [t.userId, t.weekStart] })],
);
