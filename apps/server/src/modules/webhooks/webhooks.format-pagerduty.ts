import { isPagerDutyEventType, PAGERDUTY_EVENT_ACTIONS, WEBHOOK_TEST_EVENT } from '@replay/contracts';
import { alertOf, clip, instanceOf, type EventMessage, type Headline } from './webhooks.format-text';

/** PagerDuty Events API v2: a trigger carries the incident's payload; a resolve names only the incident (its dedup key). */
export type PagerDutyEvent =
  | {
      routing_key: string;
      event_action: 'trigger';
      dedup_key: string;
      payload: {
        summary: string;
        source: string;
        severity: 'critical' | 'error' | 'warning' | 'info';
        timestamp: string;
        component: string;
        group: string;
        class: string;
        custom_details: Record<string, unknown>;
      };
      links: { href: string; text: string }[];
    }
  | { routing_key: string; event_action: 'resolve'; dedup_key: string };

/** PagerDuty's limits: a summary of 1024 characters, a dedup key of 255. */
export const PAGERDUTY_LIMITS = { summary: 1024, dedupKey: 255 } as const;

/**
 * The incident an event opens or closes: one per account, instance and condition (its
 * health, or one alert rule), so `instance.healthy` resolves what `instance.unhealthy`
 * opened and `alert.resolved` what `alert.fired` opened. A test event is its own incident.
 */
export function dedupKeyOf(tenantId: string, m: EventMessage, messageId: string): string {
  const instance = instanceOf(m);
  const alert = alertOf(m);
  if (instance && alert && m.type.startsWith('alert.')) return `replay:${tenantId}:instance:${instance.id}:alert:${alert.id}`;
  if (instance && m.type.startsWith('instance.')) return `replay:${tenantId}:instance:${instance.id}:health`;
  return clip(`replay:${tenantId}:message:${messageId}`, PAGERDUTY_LIMITS.dedupKey);
}

/**
 * An event as PagerDuty's Events API v2 message. The paired types trigger or resolve; the
 * test event triggers an `info` incident of its own (PagerDuty has no test action); any
 * other type (none can be subscribed) triggers too, so nothing is lost unsaid.
 */
export function pagerDutyEvent(m: EventMessage, h: Headline, ids: { tenantId: string; messageId: string; routingKey: string }): PagerDutyEvent {
  const dedupKey = dedupKeyOf(ids.tenantId, m, ids.messageId);
  const action = isPagerDutyEventType(m.type) ? PAGERDUTY_EVENT_ACTIONS[m.type] : 'trigger';
  if (action === 'resolve') return { routing_key: ids.routingKey, event_action: 'resolve', dedup_key: dedupKey };
  const instance = instanceOf(m);
  const alert = alertOf(m);
  return {
    routing_key: ids.routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload: {
      summary: clip(`${h.title}: ${h.detail}`, PAGERDUTY_LIMITS.summary),
      source: instance?.name ?? 'console',
      severity: m.type === WEBHOOK_TEST_EVENT ? 'info' : h.tone === 'critical' ? 'critical' : 'info',
      timestamp: m.timestamp,
      component: alert?.metric ?? (instance ? 'health' : 'console'),
      group: instance ? `instance:${instance.id}` : 'console',
      class: alert ? alert.name : m.type,
      custom_details: { event: m.type, detail: h.detail, ...m.data },
    },
    links: h.link ? [{ href: h.link, text: 'Open in the console' }] : [],
  };
}
