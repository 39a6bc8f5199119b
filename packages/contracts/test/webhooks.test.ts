import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_DELAYS_MS, webhookEventGroups } from '../src';

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
