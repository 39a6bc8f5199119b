import { alertConditionText, routes, WEBHOOK_TEST_EVENT, type AlertMetric } from '@replay/contracts';

/** A stored message as the consumer wrote it (webhooks.send.ts' messageBody): every type renders from this. */
export interface EventMessage {
  type: string;
  /** ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** What a chat card or an incident says of an event, in words people read. */
export interface Headline {
  title: string;
  detail: string;
  /** The console page of the event's subject (absolute), or null when it has none. */
  link: string | null;
  /** Drives colour (chat) and PagerDuty's severity. */
  tone: 'critical' | 'good' | 'neutral';
  /** Label and value pairs shown under the text. */
  facts: [string, string][];
}

interface InstanceRef {
  id: string;
  name: string;
}
interface AlertRef {
  id: string;
  siteId?: string;
  name: string;
  metric: AlertMetric;
  threshold: number | null;
  durationMinutes: number;
}

const record = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const instanceOf = (m: EventMessage): InstanceRef | null => {
  const i = record(m.data.instance);
  return i && text(i.id) && text(i.name) ? { id: i.id as string, name: i.name as string } : null;
};
export const alertOf = (m: EventMessage): AlertRef | null => {
  const a = record(m.data.alert);
  return a && text(a.id) && text(a.name) ? (a as unknown as AlertRef) : null;
};

/** The message stored for a delivery; a body that is not one (never written by the console) reads as an empty event. */
export function parseEventMessage(body: string): EventMessage {
  const parsed = record(JSON.parse(body));
  return { type: text(parsed?.type) ?? 'unknown', timestamp: text(parsed?.timestamp) ?? new Date(0).toISOString(), data: record(parsed?.data) ?? {} };
}

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/** The words for the alert channels' own events; any other event reads as its type and its subject. */
export function headlineOf(m: EventMessage, publicUrl: string): Headline {
  const instance = instanceOf(m);
  const alert = alertOf(m);
  const facts: [string, string][] = [['Event', m.type]];
  if (instance) facts.push(['Instance', instance.name]);
  if (alert && instance) {
    const fired = m.type === 'alert.fired';
    const value = typeof m.data.value === 'number' ? ` (now ${Math.round(m.data.value)} %)` : '';
    facts.push(['Rule', alert.name]);
    return {
      title: `${fired ? 'Alert' : 'Resolved'}: ${alert.name} on ${instance.name}`,
      detail: fired ? `${alertConditionText(alert)}${value}.` : `The condition no longer holds${value}.`,
      link: absolute(publicUrl, routes.alert(alert.siteId ?? instance.id, alert.id)),
      tone: fired ? 'critical' : 'good',
      facts,
    };
  }
  const instanceLink = instance ? absolute(publicUrl, routes.instance(instance.id)) : null;
  if (instance && m.type === 'instance.unhealthy') {
    return { title: `${instance.name} is unhealthy`, detail: text(m.data.error) ?? 'Its health check does not answer.', link: instanceLink, tone: 'critical', facts };
  }
  if (instance && m.type === 'instance.healthy') {
    return { title: `${instance.name} is healthy again`, detail: 'Its health check answers again.', link: instanceLink, tone: 'good', facts };
  }
  if (m.type === WEBHOOK_TEST_EVENT) {
    return {
      title: 'Test event from the console',
      detail: 'This webhook is set up: events you chose will arrive here.',
      link: absolute(publicUrl, routes.client('webhooks')),
      tone: 'neutral',
      facts,
    };
  }
  const actor = text(record(m.data.actor)?.name);
  return {
    title: instance ? `${m.type}: ${instance.name}` : m.type,
    detail: actor ? `By ${actor}.` : 'By the console.',
    link: instanceLink ?? absolute(publicUrl, routes.activities()),
    tone: /failed|unhealthy|disk_alert/.test(m.type) ? 'critical' : 'neutral',
    facts,
  };
}

/** At most `max` characters, an ellipsis marking a cut. */
export const clip = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);
