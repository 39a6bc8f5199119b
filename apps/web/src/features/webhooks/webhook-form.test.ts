import { describe, expect, it } from 'vitest';
import { PAGERDUTY_EVENTS_URL, WEBHOOK_CHANNEL_MESSAGES, WEBHOOK_MESSAGES } from '@replay/contracts';
import { validateWebhookForm, withType, type WebhookFormValues } from './webhook-form';

const valid: WebhookFormValues = { type: 'webhook', routingKey: '', name: 'Ops', endpoint: 'https://hooks.example.com/in', authHeader: '', removeAuthHeader: false, eventTypes: ['instance.created'] };

describe('the webhook form’s auth header (issue 42)', () => {
  it('takes an empty value (keep what is stored) and a printable ASCII or Latin-1 one', () => {
    expect(validateWebhookForm(valid)).toEqual({});
    expect(validateWebhookForm({ ...valid, authHeader: 'Bearer abc.DEF-123 é' })).toEqual({});
  });

  it.each([
    ['a line break', 'Bearer x\nX-Other: 1'],
    ['a tab', 'Bearer\tx'],
    ['beyond Latin-1', 'Bearer €'],
  ])('refuses %s with the server’s words', (_what, authHeader) => {
    expect(validateWebhookForm({ ...valid, authHeader })).toEqual({ authHeader: WEBHOOK_MESSAGES.invalidAuthHeader });
  });
});

describe('the webhook form’s types (issue 45)', () => {
  const KEY = 'R0123456789abcdef0123456789ABCDE';

  it('switching to PagerDuty fills in its endpoint and keeps only the paired event types; switching back empties it', () => {
    const pd = withType({ ...valid, endpoint: '', eventTypes: ['instance.created', 'alert.fired'] }, 'pagerduty');
    expect(pd).toMatchObject({ type: 'pagerduty', endpoint: PAGERDUTY_EVENTS_URL, eventTypes: ['alert.fired'] });
    expect(withType(pd, 'slack')).toMatchObject({ type: 'slack', endpoint: '' });
    expect(withType({ ...valid, endpoint: 'https://hooks.slack.com/x' }, 'pagerduty').endpoint).toBe('https://hooks.slack.com/x');
  });

  it('needs PagerDuty’s key unless one is stored, and refuses a malformed one', () => {
    const pd: WebhookFormValues = { ...valid, type: 'pagerduty', endpoint: PAGERDUTY_EVENTS_URL, eventTypes: ['alert.fired'] };
    expect(validateWebhookForm(pd)).toEqual({ routingKey: WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired });
    expect(validateWebhookForm(pd, true)).toEqual({});
    expect(validateWebhookForm({ ...pd, routingKey: 'short' }, true)).toEqual({ routingKey: WEBHOOK_CHANNEL_MESSAGES.invalidRoutingKey });
    expect(validateWebhookForm({ ...pd, routingKey: KEY, eventTypes: ['instance.created'] })).toEqual({ eventTypes: WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes });
  });
});
