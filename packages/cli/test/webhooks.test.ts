import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const ID = '11111111-1111-4111-8111-111111111111';
const KEY = 'R0123456789abcdef0123456789ABCDE';
const hook = (over: Record<string, unknown> = {}) => ({
  webhookId: ID,
  type: 'slack',
  name: 'Chat',
  endpoint: 'https://hooks.slack.com/…abcd',
  authHeader: false,
  routingKey: false,
  eventTypes: ['alert.fired'],
  enabled: true,
  disabledAt: null,
  createdAt: 1_700_000_000_000,
  ...over,
});

describe('replay webhooks (issue 45)', () => {
  it('create --type pagerduty sends the key and the events, and prints the secret alone on standard output', async () => {
    const h = harness({ routes: [on('PUT', '/api/webhooks', ok({ webhook: hook({ type: 'pagerduty', name: 'On call', routingKey: true }), secret: 'whsec_x' }))] });
    expect(await h.run('webhooks', 'create', '--type', 'pagerduty', '--name', 'On call', '--routing-key', KEY, '--event', 'alert.fired', '--event', 'alert.resolved')).toBe(EXIT.ok);
    expect(h.calls[0]!.body).toEqual({ type: 'pagerduty', name: 'On call', routingKey: KEY, eventTypes: ['alert.fired', 'alert.resolved'] });
    expect(h.stdout()).toBe('whsec_x\n');
    expect(h.stderr()).toContain('(11111111-1111-4111-8111-111111111111, pagerduty)');
  });

  it('create --type slack needs nothing else but the URL; an unknown type is a usage error', async () => {
    const h = harness({ routes: [on('PUT', '/api/webhooks', ok({ webhook: hook(), secret: 'whsec_x' }))] });
    expect(await h.run('webhooks', 'create', '--type', 'slack', '--name', 'Chat', '--endpoint', 'https://hooks.slack.com/services/T/B/abcd')).toBe(EXIT.ok);
    expect(h.calls[0]!.body).toEqual({ type: 'slack', name: 'Chat', endpoint: 'https://hooks.slack.com/services/T/B/abcd' });
    expect(await h.run('webhooks', 'create', '--type', 'discord', '--name', 'X')).toBe(EXIT.usage);
  });

  it('update keeps what is not given: the masked URL as listed, the name and the events', async () => {
    const h = harness({
      routes: [on('GET', '/api/webhooks', ok({ webhooks: [hook()] })), on('PUT', '/api/webhooks', (call) => ok({ webhook: { ...hook(), ...(call.body as object) }, secret: null }))],
    });
    expect(await h.run('webhooks', 'update', ID, '--name', 'Renamed', '--no-auth-header')).toBe(EXIT.ok);
    expect(h.calls[1]!.body).toEqual({ webhookId: ID, type: 'slack', name: 'Renamed', endpoint: 'https://hooks.slack.com/…abcd', authHeader: null, eventTypes: ['alert.fired'] });
    expect(h.stdout()).toBe(`Updated webhook Renamed (${ID}).\n`);
  });

  it('update to PagerDuty leaves the endpoint to the console; the console’s 400 is said', async () => {
    const h = harness({
      routes: [on('GET', '/api/webhooks', ok({ webhooks: [hook()] })), on('PUT', '/api/webhooks', refusal(400, 'PagerDuty receives only events that open and close an incident', 'bad_request'))],
    });
    expect(await h.run('webhooks', 'update', ID, '--type', 'pagerduty', '--routing-key', KEY)).toBe(EXIT.usage);
    expect(h.calls[1]!.body).toEqual({ webhookId: ID, type: 'pagerduty', name: 'Chat', routingKey: KEY, eventTypes: ['alert.fired'] });
    expect(h.stderr()).toContain('PagerDuty receives only events');
  });

  it('lists with the type and the masked URL; delete asks for --yes', async () => {
    const h = harness({ routes: [on('GET', '/api/webhooks', ok({ webhooks: [hook()] })), on('DELETE', '/api/webhooks/*', ok({ ok: true }))] });
    expect(await h.run('webhooks', 'list')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('│ Chat │ slack │ https://hooks.slack.com/…abcd │ alert.fired │ enabled │');
    expect(await h.run('webhooks', 'delete', ID)).toBe(EXIT.usage);
    expect(h.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(await h.run('webhooks', 'delete', ID, '--yes')).toBe(EXIT.ok);
    expect(h.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/webhooks/${ID}`]);
  });
});
