import { alertConditionText, formatMoney, routes, type DomainEventOf, type DomainEventType, type NotificationCategory, type NotificationLevel, type Screen } from '@replay/contracts';

/** What a notification says about an event, and who may see it (the screen its subject opens in). */
export interface NotificationDraft {
  screen: Screen;
  category: NotificationCategory;
  level: NotificationLevel;
  title: string;
  description: string;
  link: string | null;
  source: 'instance' | 'invoice' | 'account' | 'member' | 'alert' | 'webhook';
  sourceId: string | null;
  /** The instance concerned: also limits the recipients to members whose role reaches it. */
  projectId: string | null;
  sourceMeta: Record<string, string>;
}

type Draft<T extends DomainEventType> = (e: DomainEventOf<T>) => NotificationDraft;

const onInstance = (e: { instance: { id: string; name: string } }, level: NotificationLevel, title: string, description: string): NotificationDraft => ({
  screen: 'instances',
  category: 'instances',
  level,
  title,
  description,
  link: routes.instance(e.instance.id),
  source: 'instance',
  sourceId: e.instance.id,
  projectId: e.instance.id,
  sourceMeta: { instanceName: e.instance.name },
});

/** The billing screen's notifications: an invoice's (source 'invoice') or the account's own (the trial). */
const onBilling = (level: NotificationLevel, title: string, description: string, invoice?: { id: string; number: string }): NotificationDraft => ({
  screen: 'billing',
  category: 'billing',
  level,
  title,
  description,
  link: routes.billing(),
  source: invoice ? 'invoice' : 'account',
  sourceId: invoice?.id ?? null,
  projectId: null,
  sourceMeta: invoice ? { invoiceNumber: invoice.number } : {},
});

const onAlert = (e: DomainEventOf<'alert.fired' | 'alert.resolved'>, fired: boolean): NotificationDraft => ({
  screen: 'instances',
  category: 'alerts',
  level: fired ? 'critical' : 'success',
  title: `${fired ? 'Alert' : 'Resolved'}: ${e.alert.name} on ${e.instance.name}`,
  description: fired ? alertConditionText(e.alert) + (e.value === null ? '.' : ` (now ${Math.round(e.value)} %).`) : 'The condition no longer holds.',
  link: routes.alert(e.alert.siteId ?? e.instance.id, e.alert.id),
  source: 'alert',
  sourceId: e.alert.id,
  projectId: e.instance.id,
  sourceMeta: { instanceName: e.instance.name, metric: e.alert.metric },
});

/**
 * The events that notify, one line each: add a line (and its type to the consumer's list,
 * which is this table's keys) to notify about another.
 */
export const NOTIFICATION_DRAFTS: { [T in DomainEventType]?: Draft<T> } = {
  'instance.failed': (e) => onInstance(e, 'critical', `${e.instance.name} failed to ${e.verb}`, e.reason),
  'instance.unhealthy': (e) => onInstance(e, 'critical', `${e.instance.name} is unhealthy`, e.error),
  'instance.healthy': (e) => onInstance(e, 'success', `${e.instance.name} is healthy again`, 'Its health check answers again.'),
  'instance.disk_alert': (e) =>
    onInstance(
      e,
      e.level === 'critical' ? 'critical' : 'warning',
      `${e.instance.name}: disk ${Math.round(e.percent)} % full`,
      e.level === 'critical' ? 'The disk is full: the instance has stopped accepting recordings.' : 'The disk is filling up. Increase its size or clean up old recordings.',
    ),
  'instance.version_upgrade_failed': (e) => onInstance(e, 'critical', `${e.instance.name}: upgrade to ${e.toVersion} failed`, e.reason),
  'instance.version_rolled_back': (e) =>
    onInstance(e, 'warning', `${e.instance.name} rolled back to ${e.version}`, `The upgrade to ${e.failedVersion} failed; the instance runs ${e.version} with its data as before the upgrade.`),
  'invoice.paid': (e) => onBilling('success', `Invoice ${e.invoice.number} paid`, `${formatMoney(e.invoice.total)} was charged to the card on file.`, e.invoice),
  'invoice.payment_failed': (e) => onBilling('critical', `Payment of invoice ${e.invoice.number} failed`, e.message, e.invoice),
  'billing.budget_threshold_crossed': (e) =>
    onBilling(
      e.threshold >= 100 ? 'critical' : 'warning',
      `Spend reached ${e.threshold} % of your budget`,
      `${formatMoney(e.spend)} of ${formatMoney(e.amount)} this month; forecast ${formatMoney(e.forecast)}.` +
        (e.hardStop && e.threshold >= 100 ? ' The hard stop refuses new instances and size increases until next month.' : ''),
    ),
  'account.trial_ending': (e) => onBilling('warning', `Your free trial ends in ${e.daysLeft} day${e.daysLeft === 1 ? '' : 's'}`, 'Add billing details to keep your instances running.'),
  'account.trial_ended': () => onBilling('critical', 'Your free trial has ended.', 'Running instances are being stopped. Add billing details to start them again.'),
  'member.joined': (e) => ({
    screen: 'members',
    category: 'members',
    level: 'info',
    title: `${e.member.name} joined the team`,
    description: e.member.email,
    link: routes.members(),
    source: 'member',
    sourceId: e.member.id,
    projectId: null,
    sourceMeta: {},
  }),
  'webhook.disabled': (e) => ({
    screen: 'integrations',
    category: 'integrations',
    level: 'critical',
    title: `Webhook ${e.webhook.name} was disabled`,
    description: 'Every delivery to it failed for 5 days. Fix the receiver, then enable the webhook again.',
    link: routes.client('webhooks'),
    source: 'webhook',
    sourceId: e.webhook.id,
    projectId: null,
    sourceMeta: {},
  }),
  'alert.fired': (e) => onAlert(e, true),
  'alert.resolved': (e) => onAlert(e, false),
};

export const NOTIFYING_TYPES = Object.keys(NOTIFICATION_DRAFTS) as DomainEventType[];

export function draftOf(event: DomainEventOf<DomainEventType>): NotificationDraft | null {
  const draft = NOTIFICATION_DRAFTS[event.type] as Draft<DomainEventType> | undefined;
  return draft ? draft(event) : null;
}
