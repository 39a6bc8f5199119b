import { index, integer, pgTable, real, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { ALERT_METRICS, ALERT_STATES } from '@replay/contracts';
import { instances } from './instances';
import { projects } from './projects';
import { tenants } from './tenants';

/**
 * The alert rules of an instance's projects (modules/alerts) and their evaluation state. The
 * round writes a rule's state with a compare-and-set on `evaluated_at` (the slot it evaluated last), so a
 * slot evaluated twice (two console processes, a re-sent job) changes a rule, fires and
 * resolves it once.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => instances.instanceId),
    /** The project it was made under (its screens list it); migration 0038 gave older rules their instance's default project. */
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    metric: text('metric', { enum: ALERT_METRICS }).notNull(),
    threshold: integer('threshold'),
    durationMinutes: integer('duration_minutes').notNull(),
    mail: boolean('mail').notNull(),
    enabled: boolean('enabled').notNull(),
    state: text('state', { enum: ALERT_STATES }).notNull().default('ok'),
    breachingSince: timestamp('breaching_since', { withTimezone: true }),
    lastValue: real('last_value'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_rules_instance_idx').on(t.instanceId), index('alert_rules_project_idx').on(t.projectId)],
);

/** What a rule did: fired or resolved, with the value and threshold of that moment. Deleted with its rule. */
export const alertHistory = pgTable(
  'alert_history',
  {
    id: uuid('id').primaryKey(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: text('kind', { enum: ['fired', 'resolved'] }).notNull(),
    value: real('value'),
    threshold: integer('threshold'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_history_rule_at_idx').on(t.ruleId, t.at)],
);

/** The disk alert level the monitoring round last saw per instance, so a crossing into a higher level is an event once. */
export const instanceDiskAlerts = pgTable('instance_disk_alerts', {
  instanceId: uuid('instance_id')
    .primaryKey()
    .references(() => instances.instanceId),
  level: text('level', { enum: ['warning', 'critical'] }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});
