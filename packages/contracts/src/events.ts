import { z } from 'zod';
import { instanceSizeSchema, providerSchema } from './catalogue';
import { instanceStatusSchema } from './instance-lifecycle';
import { BACKUP_KINDS } from './instances/backups';

/**
 * The domain events: every change other parts of the console must hear about,
 * one typed record each. A change writes its event in its own transaction
 * (the server's `emitEvent`), and consumers (the activity log today;
 * notifications, webhooks, alert rules and billing next) read them from
 * there. Here, not in the server, because they are facts about an account
 * that may one day leave the console (webhooks) and that the web app may
 * show; adding a field is safe, renaming or removing one is a new type.
 *
 * Every event carries its account, who did it (null: the console itself, e.g.
 * the workflow or the health watcher) and when (epoch milliseconds).
 */

const actorSchema = z.object({ userId: z.guid(), name: z.string() }).nullable();
export type EventActor = z.infer<typeof actorSchema>;

/** An instance as it is once the change is made: billing meters status, size and disk from these. */
const instanceRef = z.object({
  id: z.guid(),
  name: z.string(),
  status: instanceStatusSchema,
  size: instanceSizeSchema,
  diskGb: z.number().int().min(0),
});
const memberRef = z.object({ id: z.guid(), name: z.string(), email: z.string() });
const roleRef = z.object({ id: z.guid(), name: z.string() });
/** A rule as it fired: `threshold` in percent (null for health), `durationMinutes` the condition held. */
const alertRef = z.object({
  id: z.guid(),
  /** The project the rule was made under (absent from events before projects: the instance's default). */
  siteId: z.guid().optional(),
  name: z.string(),
  metric: z.enum(['cpu', 'memory', 'disk', 'health']),
  threshold: z.number().nullable(),
  durationMinutes: z.number().int(),
});
const invoiceRef = z.object({ id: z.guid(), number: z.string(), total: z.number().int() });
const webhookRef = z.object({ id: z.guid(), name: z.string(), endpoint: z.string() });
/** A project (a site) and the instance it belongs to. */
const projectRef = z.object({ id: z.guid(), name: z.string(), instanceId: z.guid(), instanceName: z.string() });

function event<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z.object({ type: z.literal(type), tenantId: z.guid(), actor: actorSchema, at: z.number().int(), ...shape });
}

const instance = { instance: instanceRef };
const member = { member: memberRef };

export const domainEventSchema = z.discriminatedUnion('type', [
  // Instances: what a member asked for, then each step the workflow took (see the server's instances.workflow.ts).
  event('instance.created', { ...instance, provider: providerSchema, region: z.string() }),
  event('instance.initializing', instance),
  event('instance.running', instance),
  event('instance.starting', instance),
  event('instance.started', instance),
  event('instance.stopping', instance),
  event('instance.stopped', instance),
  event('instance.terminating', instance),
  event('instance.terminated', instance),
  /** A workflow step gave up after its last retry; the status stays where it was. */
  event('instance.failed', { ...instance, verb: z.enum(['create', 'start', 'stop', 'terminate']), reason: z.string() }),
  event('instance.renamed', { ...instance, previousName: z.string() }),
  event('instance.protection', { ...instance, protected: z.boolean() }),
  /** A member asked for a larger disk; the workflow grows it online, then `instance.disk_upgraded` (or `disk_upgrade_failed`). */
  event('instance.disk_upgrading', { ...instance, fromGb: z.number().int(), toGb: z.number().int() }),
  event('instance.disk_upgraded', { ...instance, fromGb: z.number().int() }),
  event('instance.disk_upgrade_failed', { ...instance, toGb: z.number().int(), reason: z.string() }),
  /** A member asked for a cleanup; the workflow runs it on the agent, then `instance.cleaned_up` (or `cleanup_failed`). */
  event('instance.cleanup_requested', { ...instance, days: z.number().int() }),
  /** A member asked for another instance type (status upgrading); the workflow restarts it at the new size, then `instance.switched` (or `switch_failed`: back at the old size). */
  event('instance.switching', { ...instance, fromSize: instanceSizeSchema, toSize: instanceSizeSchema }),
  event('instance.switched', { ...instance, fromSize: instanceSizeSchema }),
  event('instance.switch_failed', { ...instance, toSize: instanceSizeSchema, reason: z.string() }),
  /** Recordings older than `days` were removed from the instance (`removedBytes`: what it freed). */
  event('instance.cleaned_up', { ...instance, days: z.number().int(), removedBytes: z.number().int() }),
  event('instance.cleanup_failed', { ...instance, days: z.number().int(), reason: z.string() }),
  /** A member asked for a newer version; the workflow backs the data up and restarts at it, then `version_upgraded`, or `version_upgrade_failed` and `version_rolled_back`. */
  event('instance.version_upgrading', { ...instance, fromVersion: z.string(), toVersion: z.string() }),
  event('instance.version_upgraded', { ...instance, fromVersion: z.string(), toVersion: z.string() }),
  event('instance.version_upgrade_failed', { ...instance, fromVersion: z.string(), toVersion: z.string(), reason: z.string() }),
  /** The console undid a failed upgrade by itself: the backup's data and `version` run again. */
  event('instance.version_rolled_back', { ...instance, version: z.string(), failedVersion: z.string() }),
  /** A member asked for the upgrade to wait for the maintenance window opening at `windowAt` (epoch ms), replacing any upgrade waiting; `version_upgrading` when it starts. */
  event('instance.version_upgrade_scheduled', { ...instance, fromVersion: z.string(), toVersion: z.string(), windowAt: z.number().int() }),
  /** The window at `missedWindowAt` closed before the upgrade could start (`reason`), so it waits for the next one, at `windowAt`. */
  event('instance.version_upgrade_rescheduled', { ...instance, toVersion: z.string(), windowAt: z.number().int(), missedWindowAt: z.number().int(), reason: z.string() }),
  /** The waiting upgrade was dropped: by a member (`reason` null), or by the console when it was no longer an upgrade. */
  event('instance.version_upgrade_unscheduled', { ...instance, toVersion: z.string(), reason: z.string().nullable() }),
  /** A member changed the origins allowed to send recordings (empty: any); the workflow applies them, then `cors_applied` (or `cors_failed`). */
  event('instance.cors_changing', { ...instance, origins: z.array(z.string()) }),
  event('instance.cors_applied', { ...instance, origins: z.array(z.string()) }),
  event('instance.cors_failed', { ...instance, reason: z.string() }),
  /** A member changed the network access list (`entries` addresses or ranges; 0: open to every address); the workflow applies it, then `access_list_applied` (or `access_list_failed`). */
  event('instance.access_list_changing', { ...instance, entries: z.number().int() }),
  event('instance.access_list_applied', { ...instance, entries: z.number().int() }),
  event('instance.access_list_failed', { ...instance, reason: z.string() }),
  /** A member changed the data retention (days; null: unlimited); the workflow applies it, then `retention_applied` (or `retention_failed`). */
  event('instance.retention_changing', { ...instance, days: z.number().int().nullable() }),
  event('instance.retention_applied', { ...instance, days: z.number().int().nullable() }),
  event('instance.retention_failed', { ...instance, reason: z.string() }),
  /** The account's capture settings reached this instance's agent (the workflow's config step), or could not (`capture_failed`). */
  event('instance.capture_applied', { ...instance, captureRate: z.number().int(), conditionSets: z.number().int() }),
  event('instance.capture_failed', { ...instance, reason: z.string() }),
  /** The account's logger options reached this instance's agent (the workflow's config step), or could not (`logger_failed`). */
  event('instance.logger_applied', { ...instance, ipRanges: z.number().int(), domains: z.number().int(), defaultInputMode: z.number().int() }),
  event('instance.logger_failed', { ...instance, reason: z.string() }),
  /** A member moved the maintenance window (a cron, UTC); upgrades waiting for it run in the new one. */
  event('instance.maintenance_window_changed', { ...instance, cron: z.string(), previousCron: z.string() }),
  /** A member saved or removed the SSO settings; the workflow applies them to the agent, then `sso_applied` (or `sso_failed`). */
  event('instance.sso_changing', { ...instance, enabled: z.boolean(), enforced: z.boolean() }),
  event('instance.sso_applied', { ...instance, enabled: z.boolean(), enforced: z.boolean() }),
  event('instance.sso_failed', { ...instance, reason: z.string() }),
  /** A backup was asked for (the daily schedule's, or a member's); the workflow takes it, then `backup_taken` (or `backup_failed`). */
  event('instance.backup_requested', { ...instance, backupId: z.guid(), kind: z.enum(BACKUP_KINDS) }),
  event('instance.backup_taken', { ...instance, backupId: z.guid(), bytes: z.number().int() }),
  event('instance.backup_failed', { ...instance, backupId: z.guid(), reason: z.string() }),
  /** A member asked to restore a backup; the workflow puts its recordings back, then `restored` (or `restore_failed`). */
  event('instance.restoring', { ...instance, backupId: z.guid() }),
  event('instance.restored', { ...instance, backupId: z.guid() }),
  event('instance.restore_failed', { ...instance, backupId: z.guid(), reason: z.string() }),
  event('instance.healthy', instance),
  event('instance.unhealthy', { ...instance, error: z.string() }),
  /** The monitoring round saw the disk's use cross into a higher alert level (`percent` of the disk size; see contracts' disk.ts). */
  event('instance.disk_alert', { ...instance, level: z.enum(['warning', 'critical']), percent: z.number() }),
  // Alert rules (modules/alerts): a rule's condition held for its duration (`fired`), then cleared (`resolved`).
  event('alert.fired', { ...instance, alert: alertRef, value: z.number().nullable() }),
  event('alert.resolved', { ...instance, alert: alertRef, value: z.number().nullable() }),
  // Projects (modules/projects): a member added, renamed or deleted one; an instance's default project comes with `instance.created`.
  event('project.created', { project: projectRef }),
  event('project.renamed', { project: projectRef, previousName: z.string() }),
  event('project.deleted', { project: projectRef }),
  // The team.
  event('member.invited', { ...member, role: roleRef, admin: z.boolean() }),
  /** `role` is set only when the role changed. */
  event('member.updated', { ...member, role: roleRef.nullable(), admin: z.boolean() }),
  event('member.removed', member),
  event('member.invitation_renewed', member),
  event('member.joined', member),
  event('role.created', { role: roleRef }),
  event('role.updated', { role: roleRef, previousName: z.string() }),
  event('role.deleted', { role: roleRef }),
  // The account itself.
  event('account.created', { tenantName: z.string(), owner: memberRef }),
  /** The member renamed themselves; `tenantName` is set when the organization was renamed too. */
  /** A member saved the account's session settings; the workflow then applies the capture part to each running instance. */
  event('session_settings.changed', { captureRate: z.number().int(), conditionSets: z.number().int(), mouseTrail: z.boolean() }),
  /** A member saved the account's logger options; the workflow then applies them to each running instance. */
  event('logger_options.changed', {
    ipRanges: z.number().int(),
    domains: z.number().int(),
    defaultInputMode: z.number().int(),
    obscureEmailData: z.boolean(),
    obscureNumericData: z.boolean(),
  }),
  event('account.renamed', { name: z.string(), tenantName: z.string().nullable() }),
  /** An admin switched one of the account's optional modules (contracts' console-modules.ts) on or off. */
  event('account.module_toggled', { module: z.string(), enabled: z.boolean() }),
  /** The member chose an avatar icon, or went back to their initials (null). */
  event('account.avatar_changed', { avatar: z.string().nullable() }),
  event('account.password_changed', { userId: z.guid(), via: z.enum(['change', 'reset']) }),
  /** The trial round mailed a notice: the trial ends at `endsAt` (epoch ms) and no billing details were added. */
  event('account.trial_ending', { endsAt: z.number().int(), daysLeft: z.number().int() }),
  /** The trial ended without billing details: running instances are being stopped. */
  event('account.trial_ended', { endsAt: z.number().int() }),
  // Billing (modules/billing). Amounts in µ$.
  /** A member saved the billing details; `cardChanged` when a new card came with them. */
  event('billing.details_saved', { firstTime: z.boolean(), cardChanged: z.boolean(), last4: z.string() }),
  /** The running period's spend reached `threshold` % of the account's budget (`amount`), told once per threshold per period. */
  event('billing.budget_threshold_crossed', {
    threshold: z.number().int(),
    amount: z.number().int(),
    spend: z.number().int(),
    forecast: z.number().int(),
    hardStop: z.boolean(),
    periodStart: z.number().int(),
    periodEnd: z.number().int(),
  }),
  event('invoice.issued', { invoice: invoiceRef }),
  event('invoice.paid', { invoice: invoiceRef }),
  /** The card was refused (`message`, the provider's words); the next try at `nextAttemptAt`, or none (null). */
  event('invoice.payment_failed', { invoice: invoiceRef, message: z.string(), nextAttemptAt: z.number().int().nullable() }),
  // Webhooks (modules/webhooks). Never delivered to webhooks themselves (contracts' WEBHOOK_EVENT_FAMILIES).
  event('webhook.created', { webhook: webhookRef, eventTypes: z.array(z.string()) }),
  event('webhook.updated', { webhook: webhookRef, eventTypes: z.array(z.string()), authHeaderChanged: z.boolean() }),
  event('webhook.deleted', { webhook: webhookRef }),
  event('webhook.secret_rotated', { webhook: webhookRef }),
  /** The console disabled the endpoint: every delivery since `failingSince` (epoch ms) failed, for 5 days. */
  event('webhook.disabled', { webhook: webhookRef, failingSince: z.number().int() }),
  event('webhook.enabled', { webhook: webhookRef }),
  // Support (modules/support). A message the account sees (never an operator's internal note): the live push tells its members.
  event('support.message_posted', { conversationId: z.guid(), messageId: z.guid(), authorKind: z.enum(['member', 'operator']) }),
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const DOMAIN_EVENT_TYPES = domainEventSchema.options.map((o) => o.shape.type.value) as readonly DomainEventType[];
