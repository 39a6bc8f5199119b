import { describe, expect, it } from 'vitest';
import {
  DOMAIN_EVENT_TYPES,
  maskWebhookEndpoint,
  PAGERDUTY_EVENT_TYPES,
  PAGERDUTY_EVENTS_URL,
  saveWebhookSchema,
  WEBHOOK_CHANNEL_MESSAGES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TYPES,
  webhookEventGroups,
} from '../src';

describe('webhook event types', () => {
  it('are the instance (with alert), team and billing (with trial) events, grouped by family, and never the webhooks’ own or the account’s private ones', () => {
    const groups = webhookEventGroups();
    expect(groups.map((g) => g.family.key)).toEqual(['instances', 'team', 'billing']);
    expect(groups.flatMap((g) => g.types).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(WEBHOOK_EVENT_TYPES.every((t) => DOMAIN_EVENT_TYPES.includes(t))).toBe(true);
    expect(WEBHOOK_EVENT_TYPES.some((t) => t.startsWith('webhook.'))).toBe(false);
    // Of the account's own events only the trial's notices: a password change or a rename is not a subscriber's business.
    expect(WEBHOOK_EVENT_TYPES.filter((t) => t.startsWith('account.')).sort()).toEqual(['account.trial_ended', 'account.trial_ending']);
    expect(groups[0]!.types).toEqual(expect.arrayContaining(['instance.failed', 'alert.fired', 'alert.resolved']));
    expect(groups[1]!.types).toEqual(expect.arrayContaining(['member.invited', 'role.created']));
    expect(groups[2]!.types).toEqual(expect.arrayContaining(['invoice.paid', 'billing.details_saved', 'account.trial_ending']));
  });

  it('are retried on the Standard Webhooks schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([0, 5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
  });
});

describe('alert channels (issue 45)', () => {
  const KEY = 'R0123456789abcdef0123456789ABCDE';
  const issues = (input: unknown) => {
    const r = saveWebhookSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes each type with its own fields, and says what is wrong per type', () => {
    expect(WEBHOOK_TYPES).toEqual(['webhook', 'slack', 'msteams', 'pagerduty']);
    expect(issues({ type: 'slack', name: 'S', endpoint: 'https://hooks.slack.com/services/T/B/x' })).toEqual([]);
    expect(issues({ type: 'pagerduty', name: 'P', routingKey: ` ${KEY} ` })).toEqual([]);
    expect(issues({ type: 'pagerduty', name: 'P' })).toEqual([`routingKey: ${WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired}`]);
    expect(issues({ webhookId: '00000000-0000-4000-8000-000000000001', type: 'pagerduty', name: 'P' })).toEqual([]);
    expect(issues({ type: 'pagerduty', name: 'P', routingKey: KEY, authHeader: 'Bearer x', eventTypes: ['instance.created'] })).toEqual([
      `authHeader: ${WEBHOOK_CHANNEL_MESSAGES.noAuthHeaderForPagerDuty}`,
      `eventTypes: ${WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes}`,
    ]);
    expect(issues({ type: 'msteams', name: 'T', routingKey: KEY })).toEqual([`endpoint: ${WEBHOOK_MESSAGES.required}`, `routingKey: ${WEBHOOK_CHANNEL_MESSAGES.routingKeyOnlyPagerDuty}`]);
    expect(PAGERDUTY_EVENT_TYPES.every((t) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t))).toBe(true);
  });

  it('masks a chat URL to its origin and last 4 characters, and leaves the others as they are', () => {
    expect(maskWebhookEndpoint('slack', 'https://hooks.slack.com/services/T0/B0/abcdWXYZ')).toBe('https://hooks.slack.com/…WXYZ');
    expect(maskWebhookEndpoint('msteams', 'https://prod.westeurope.logic.azure.com/workflows/1?sig=s3cr3t')).toBe('https://prod.westeurope.logic.azure.com/…cr3t');
    expect(maskWebhookEndpoint('pagerduty', PAGERDUTY_EVENTS_URL)).toBe(PAGERDUTY_EVENTS_URL);
    expect(maskWebhookEndpoint('webhook', 'https://example.com/in?token=x')).toBe('https://example.com/in?token=x');
  });
});
