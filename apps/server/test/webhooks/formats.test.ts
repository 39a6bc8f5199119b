import * as AC from 'adaptivecards';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderBody, type RenderContext } from '../../src/modules/webhooks/webhooks.format';
import { SLACK_LIMITS, type SlackMessage } from '../../src/modules/webhooks/webhooks.format-slack';
import { PAGERDUTY_LIMITS } from '../../src/modules/webhooks/webhooks.format-pagerduty';
import { messageBody } from '../../src/modules/webhooks/webhooks.send';

/**
 * Each service's format checked against what it publishes: Slack's Block Kit through its own
 * TypeScript types (`@slack/types`, the formatter's return type) and its documented limits;
 * a Teams card through Microsoft's Adaptive Cards object model (`adaptivecards`), which
 * reports every unknown element and invalid value; PagerDuty's Events API v2 through its
 * documented fields, written below as a schema.
 */

const TENANT = '10000000-0000-4000-8000-000000000001';
const INSTANCE = { id: '20000000-0000-4000-8000-000000000002', name: 'Production', status: 'running', size: 'small', diskGb: 120 };
const ALERT = { id: '30000000-0000-4000-8000-000000000003', siteId: '40000000-0000-4000-8000-000000000004', name: 'CPU high', metric: 'cpu', threshold: 80, durationMinutes: 5 };
const AT = new Date('2026-12-06T10:00:00.000Z');
const ctx: RenderContext = { publicUrl: 'https://console.example.com', tenantId: TENANT, messageId: 'msg_1', routingKey: 'R0123456789abcdef0123456789ABCDE' };

const fired = messageBody('alert.fired', AT, { actor: null, at: AT.getTime(), instance: INSTANCE, alert: ALERT, value: 93.4 });
const resolved = messageBody('alert.resolved', AT, { actor: null, at: AT.getTime(), instance: INSTANCE, alert: ALERT, value: 41 });
const unhealthy = messageBody('instance.unhealthy', AT, { actor: null, at: AT.getTime(), instance: INSTANCE, error: 'No answer on /health for 3 minutes.' });
const healthy = messageBody('instance.healthy', AT, { actor: null, at: AT.getTime(), instance: INSTANCE });
const test = messageBody('webhook.test', AT, { webhook: { id: 'w', name: 'Ops', endpoint: 'https://hooks.slack.com/…abcd' }, message: 'A test event from the console.' });
const other = messageBody('role.created', AT, { actor: { userId: TENANT, name: 'Ada <admin> & co' }, at: AT.getTime(), role: { id: TENANT, name: 'Ops' } });
const ALL = { fired, resolved, unhealthy, healthy, test, other };

const ALERT_LINK = `https://console.example.com/${ALERT.siteId}/alert/${ALERT.id}`;

describe('the plain webhook', () => {
  it('is sent the stored Standard Webhooks message, byte for byte', () => {
    for (const body of Object.values(ALL)) expect(renderBody('webhook', body, ctx)).toBe(body);
  });
});

describe('Slack (Block Kit, incoming webhook)', () => {
  const slack = (body: string) => JSON.parse(renderBody('slack', body, ctx)) as SlackMessage;

  it('says what fired, with fallback text and a button to the alert’s console page', () => {
    expect(slack(fired)).toEqual({
      text: 'Alert: CPU high on Production: CPU above 80 % for 5 minutes (now 93 %).',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Alert: CPU high on Production', emoji: false } },
        { type: 'section', text: { type: 'mrkdwn', text: 'CPU above 80 % for 5 minutes (now 93 %).' } },
        {
          type: 'context',
          elements: [{ type: 'mrkdwn', text: '*Event:* alert.fired  ·  *Instance:* Production  ·  *Rule:* CPU high  ·  <!date^1796551200^{date_short_pretty} {time}|2026-12-06T10:00:00.000Z>' }],
        },
        { type: 'actions', elements: [{ type: 'button', action_id: 'open-console', text: { type: 'plain_text', text: 'Open in the console' }, url: ALERT_LINK }] },
      ],
    });
    expect(slack(resolved).text).toBe('Resolved: CPU high on Production: The condition no longer holds (now 41 %).');
  });

  it('keeps every message within Slack’s limits, escapes mrkdwn and always has fallback text', () => {
    const long = messageBody('instance.unhealthy', AT, { instance: { ...INSTANCE, name: 'n'.repeat(400) }, error: 'e'.repeat(5000) });
    for (const body of [...Object.values(ALL), long]) {
      const m = slack(body);
      expect(m.text.length).toBeGreaterThan(0);
      expect(m.blocks.length).toBeLessThanOrEqual(50);
      for (const block of m.blocks) {
        if (block.type === 'header') expect(block.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.header);
        if (block.type === 'section') expect(block.text!.text.length).toBeLessThanOrEqual(SLACK_LIMITS.section);
        if (block.type === 'context') for (const e of block.elements) expect('text' in e && e.text.length <= SLACK_LIMITS.context).toBe(true);
      }
    }
    expect(JSON.stringify(slack(other).blocks[1])).toContain('By Ada &lt;admin&gt; &amp; co.');
  });
});

/** Parses a card with Microsoft's object model and answers every problem it reports (unknown types, invalid values, missing required ones). */
function adaptiveCardProblems(content: unknown): string[] {
  const card = new AC.AdaptiveCard();
  const context = new AC.SerializationContext();
  card.parse(content, context);
  const problems = Array.from({ length: context.eventCount }, (_, i) => context.getEventAt(i).message);
  return [...problems, ...card.validateProperties().validationEvents.map((e) => e.message)];
}

describe('Microsoft Teams (Adaptive Card)', () => {
  const teams = (body: string) => JSON.parse(renderBody('msteams', body, ctx));

  it('is a message with one Adaptive Card 1.4 that the Adaptive Cards library parses without a problem', () => {
    for (const body of Object.values(ALL)) {
      const m = teams(body);
      expect(m).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null }] });
      expect(m.attachments[0].content).toMatchObject({ $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4' });
      expect(adaptiveCardProblems(m.attachments[0].content)).toEqual([]);
    }
  });

  it('shows the title in the alert colour, the facts, and opens the alert’s console page', () => {
    const card = teams(fired).attachments[0].content;
    expect(card.body).toEqual([
      { type: 'TextBlock', text: 'Alert: CPU high on Production', weight: 'Bolder', size: 'Medium', color: 'Attention', wrap: true },
      { type: 'TextBlock', text: 'CPU above 80 % for 5 minutes (now 93 %).', wrap: true },
      {
        type: 'FactSet',
        facts: [
          { title: 'Event', value: 'alert.fired' },
          { title: 'Instance', value: 'Production' },
          { title: 'Rule', value: 'CPU high' },
          { title: 'Time', value: '2026-12-06T10:00:00.000Z' },
        ],
      },
    ]);
    expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open in the console', url: ALERT_LINK }]);
    expect(teams(resolved).attachments[0].content.body[0].color).toBe('Good');
  });

  it('is caught by the check when a card is wrong (the check can fail)', () => {
    expect(adaptiveCardProblems({ type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text: 'x', color: 'Red' }, { type: 'Nope' }] })).toHaveLength(2);
  });
});

/** PagerDuty Events API v2, as its documentation lists the fields ("Send an Alert Event", "Resolve"). */
const pagerDutyLink = z.strictObject({ href: z.url(), text: z.string().optional() });
const pagerDutyTrigger = z.strictObject({
  routing_key: z.string().length(32),
  event_action: z.literal('trigger'),
  dedup_key: z.string().min(1).max(PAGERDUTY_LIMITS.dedupKey),
  payload: z.strictObject({
    summary: z.string().min(1).max(1024),
    source: z.string().min(1),
    severity: z.enum(['critical', 'error', 'warning', 'info']),
    timestamp: z.iso.datetime().optional(),
    component: z.string().optional(),
    group: z.string().optional(),
    class: z.string().optional(),
    custom_details: z.record(z.string(), z.unknown()).optional(),
  }),
  links: z.array(pagerDutyLink).optional(),
  images: z.array(z.object({ src: z.url() })).optional(),
});
const pagerDutyResolve = z.strictObject({ routing_key: z.string().length(32), event_action: z.literal('resolve'), dedup_key: z.string().min(1).max(PAGERDUTY_LIMITS.dedupKey) });

describe('PagerDuty (Events API v2)', () => {
  const pd = (body: string, messageId = 'msg_1') => JSON.parse(renderBody('pagerduty', body, { ...ctx, messageId }));

  it('triggers on alert.fired and resolves on alert.resolved with the same dedup key, the resolve carrying only key, action and dedup key', () => {
    const trigger = pagerDutyTrigger.parse(pd(fired, 'msg_a'));
    const resolve = pagerDutyResolve.parse(pd(resolved, 'msg_b'));
    expect(trigger.dedup_key).toBe(`replay:${TENANT}:instance:${INSTANCE.id}:alert:${ALERT.id}`);
    expect(resolve).toEqual({ routing_key: ctx.routingKey, event_action: 'resolve', dedup_key: trigger.dedup_key });
    expect(trigger).toEqual({
      routing_key: ctx.routingKey,
      event_action: 'trigger',
      dedup_key: trigger.dedup_key,
      payload: {
        summary: 'Alert: CPU high on Production: CPU above 80 % for 5 minutes (now 93 %).',
        source: 'Production',
        severity: 'critical',
        timestamp: '2026-12-06T10:00:00.000Z',
        component: 'cpu',
        group: `instance:${INSTANCE.id}`,
        class: 'CPU high',
        custom_details: { event: 'alert.fired', detail: 'CPU above 80 % for 5 minutes (now 93 %).', actor: null, at: AT.getTime(), instance: INSTANCE, alert: ALERT, value: 93.4 },
      },
      links: [{ href: ALERT_LINK, text: 'Open in the console' }],
    });
  });

  it('pairs instance.unhealthy with instance.healthy by the instance’s health key, apart from its alerts', () => {
    const trigger = pagerDutyTrigger.parse(pd(unhealthy));
    expect(trigger.dedup_key).toBe(`replay:${TENANT}:instance:${INSTANCE.id}:health`);
    expect(trigger.payload.summary).toBe('Production is unhealthy: No answer on /health for 3 minutes.');
    expect(pagerDutyResolve.parse(pd(healthy))).toEqual({ routing_key: ctx.routingKey, event_action: 'resolve', dedup_key: trigger.dedup_key });
  });

  it('sends the test event as an info trigger of its own, and cuts a long summary to 1024 characters', () => {
    const t = pagerDutyTrigger.parse(pd(test, 'msg_test'));
    expect(t.payload.severity).toBe('info');
    expect(t.dedup_key).toBe(`replay:${TENANT}:message:msg_test`);
    const long = messageBody('instance.unhealthy', AT, { instance: INSTANCE, error: 'e'.repeat(3000) });
    expect(pagerDutyTrigger.parse(pd(long)).payload.summary).toHaveLength(1024);
  });
});
