/**
 * Alert channels (issue 45): besides a plain signed webhook, a webhook's `type` may name a
 * service whose own message format the console sends — a Slack incoming webhook (Block Kit),
 * a Microsoft Teams workflow or incoming webhook (an Adaptive Card), or PagerDuty's Events
 * API v2 (trigger and resolve, paired by a dedup key). The rules here hold on both sides of
 * the wire: the form and the server judge a webhook by them.
 */

/** The spec's `type`: the kind of receiver, and so the format of what it is sent. */
export const WEBHOOK_TYPES = ['webhook', 'slack', 'msteams', 'pagerduty'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

export const WEBHOOK_TYPE_LABELS: Record<WebhookType, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  msteams: 'Microsoft Teams',
  pagerduty: 'PagerDuty',
};

/** PagerDuty's Events API v2 endpoint: a PagerDuty webhook's endpoint when none is given. */
export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

/** PagerDuty's integration ("routing") key: 32 letters and digits, as its Events API v2 documents. */
export const PAGERDUTY_ROUTING_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;

/**
 * The event types PagerDuty may receive: those that open a condition and those that close it,
 * each opening paired with its closing by the incident's dedup key. Others (a disk alert, a
 * failed step) have no event that clears them: as PagerDuty incidents they would stay open.
 */
export const PAGERDUTY_EVENT_ACTIONS = {
  'instance.unhealthy': 'trigger',
  'instance.healthy': 'resolve',
  'alert.fired': 'trigger',
  'alert.resolved': 'resolve',
} as const;
export type PagerDutyEventType = keyof typeof PAGERDUTY_EVENT_ACTIONS;
export const PAGERDUTY_EVENT_TYPES = Object.keys(PAGERDUTY_EVENT_ACTIONS) as PagerDutyEventType[];
export const isPagerDutyEventType = (type: string): type is PagerDutyEventType => Object.hasOwn(PAGERDUTY_EVENT_ACTIONS, type);

/** Chat services put the secret in the webhook's URL itself: such an endpoint is answered masked. */
export const isSecretEndpointType = (type: WebhookType): boolean => type === 'slack' || type === 'msteams';

/**
 * How a chat webhook's URL is answered: its origin, then `/…` and its last 4 characters
 * (enough to tell two apart, too little to post to either). Other types' endpoints are
 * answered as they are. Sending the masked form back on update keeps the stored URL.
 */
export function maskWebhookEndpoint(type: WebhookType, endpoint: string): string {
  if (!isSecretEndpointType(type)) return endpoint;
  let origin: string;
  try {
    origin = new URL(endpoint).origin;
  } catch {
    return '…';
  }
  return `${origin}/…${endpoint.slice(-4)}`;
}

export const WEBHOOK_CHANNEL_MESSAGES = {
  routingKeyRequired: 'Enter the PagerDuty integration key (Events API v2).',
  invalidRoutingKey: 'The integration key is the 32 letters and digits PagerDuty shows on the service’s Events API v2 integration.',
  routingKeyOnlyPagerDuty: 'Only a PagerDuty webhook takes an integration key.',
  noAuthHeaderForPagerDuty: 'A PagerDuty webhook takes no auth header: its integration key authenticates each event.',
  /* A chat URL is shown masked: turned into a type whose endpoint is shown, it would be revealed. */
  maskedEndpoint: 'Enter the full endpoint URL: the saved one is shown masked and cannot be reused by another type.',
  pagerDutyEventTypes: `PagerDuty receives only events that open and close an incident: ${PAGERDUTY_EVENT_TYPES.join(', ')}.`,
} as const;

export const WEBHOOK_TYPE_HELP: Record<WebhookType, string> = {
  webhook: 'Any HTTPS receiver: each event is a signed JSON message (Standard Webhooks).',
  slack: 'A Slack incoming webhook URL (https://hooks.slack.com/services/…). Events arrive as messages with a link to the console. The URL is a secret: it is shown masked once saved.',
  msteams: 'A Microsoft Teams workflow or incoming webhook URL. Events arrive as Adaptive Cards with a link to the console. The URL is a secret: it is shown masked once saved.',
  pagerduty: 'Opens a PagerDuty incident when an instance turns unhealthy or an alert fires, and resolves it when it clears (Events API v2).',
};
