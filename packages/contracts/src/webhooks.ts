import { z } from 'zod';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from './events';
import { canOpenScreen, type Screen } from './screens';
import { safeExactText, safePaging, safeText, safeUuid } from './safe';
import { MESSAGES } from './validation';
import { HOST_LABEL_PATTERN, IPV4_PATTERN, TLD_PATTERN } from './host-rules';
import { isPagerDutyEventType, PAGERDUTY_EVENT_TYPES, PAGERDUTY_ROUTING_KEY_PATTERN, WEBHOOK_CHANNEL_MESSAGES, WEBHOOK_TYPES } from './webhook-channels';

/**
 * Webhooks (spec: the Webhook entity {webhookId, type, name, endpoint, authHeader};
 * GET/PUT /webhooks, DELETE /webhooks/{id}; issue 14 for the rest). An endpoint
 * subscribes to families of domain events; each event is delivered as a Standard
 * Webhooks 1.0 message (`webhook-id`, `webhook-timestamp`, `webhook-signature`,
 * HMAC-SHA256 with the endpoint's own `whsec_…` secret), body `{ type, timestamp, data }`;
 * a Slack, Teams or PagerDuty webhook gets that service's own format instead (webhook-channels.ts).
 */

export const WEBHOOK_LIMITS = { name: 50, endpoint: 2048, authHeader: 1024, routingKey: 32 } as const;
/** An endpoint whose deliveries have only failed this long is disabled (Standard Webhooks' usual 5 days). */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 60 * 60_000;
/** The wait before each attempt: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
/** A receiver has this long to answer an attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 2048;
/** The message type of 'Send test event'; sent to that endpoint only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  required: MESSAGES.required,
  /* Spec section 5: "endpoint present and a valid URL (http/https with domain, or localhost/IP with optional port)". */
  invalidEndpoint: 'Enter a valid URL: http or https, with a domain, or localhost or an IP address with an optional port.',
  /* The spec gives no wording for these. */
  notFound: 'Webhook not found.',
  deliveryNotFound: 'Delivery not found.',
  unknownEventType: 'Choose event types from the list.',
  noEventTypes: 'Choose at least one event type.',
  familyNotAllowed: (family: string) => `You are not allowed to view ${family} events, so you cannot subscribe to them.`,
  /* An HTTP header value can carry no line break and, in Node's and undici's rule, nothing above U+00FF: such a value would be saved and then fail every delivery. */
  invalidAuthHeader: 'The auth header may hold only printable characters (ASCII or Latin-1): no line breaks, tabs or other control characters.',
  privateTarget: 'This endpoint resolves to a private, loopback or otherwise internal address, which webhooks may not call.',
  unresolvable: 'This endpoint’s host name could not be resolved.',
  saved: 'Webhook saved',
  deleted: 'Webhook deleted',
  rotated: 'Signing secret rotated',
  enabled: 'Webhook enabled',
  enableFirst: 'Enable the webhook first.',
  testSent: 'Test event queued',
  replayed: 'Delivery queued again',
  secretOnce: 'Copy the signing secret now: it is shown only once.',
  deleteConfirm: 'Delete this webhook? Deliveries waiting for it are dropped.',
  disabled: 'Disabled: every delivery failed for 5 days.',
} as const;

/**
 * Event families a webhook may subscribe to, each behind the screen whose permission
 * lets a caller see such events at all (checked when the webhook is saved): a member
 * cannot learn of invoices through a webhook when the Billing screen is closed to them.
 */
export const WEBHOOK_EVENT_FAMILIES = [
  { key: 'instances', label: 'Instances and alerts', prefixes: ['instance.', 'alert.'], screen: 'instances' },
  { key: 'team', label: 'Team and roles', prefixes: ['member.', 'role.'], screen: 'members' },
  { key: 'billing', label: 'Billing', prefixes: ['invoice.', 'billing.', 'account.trial_'], screen: 'billing' },
] as const satisfies readonly { key: string; label: string; prefixes: readonly string[]; screen: Screen }[];
export type WebhookEventFamily = (typeof WEBHOOK_EVENT_FAMILIES)[number];

const familyOfType = (type: string): WebhookEventFamily | undefined => WEBHOOK_EVENT_FAMILIES.find((f) => f.prefixes.some((p) => type.startsWith(p)));

/** Every domain event type a webhook can receive, with its family (for the form's groups). */
export const WEBHOOK_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((t) => familyOfType(t) !== undefined) as readonly DomainEventType[];

export const webhookFamilyOf = (type: string): WebhookEventFamily | undefined => familyOfType(type);

/** Every event type a holder of `permissions` may subscribe to: those of the families whose screen they may open. */
export function visibleWebhookEventTypes(permissions: readonly string[]): DomainEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((t) => canOpenScreen(permissions, familyOfType(t)!.screen));
}

/** The types grouped by family, in the list's order (the form shows a group per family). */
export function webhookEventGroups(): { family: WebhookEventFamily; types: DomainEventType[] }[] {
  return WEBHOOK_EVENT_FAMILIES.map((family) => ({ family, types: WEBHOOK_EVENT_TYPES.filter((t) => familyOfType(t) === family) }));
}

/**
 * The spec's endpoint rule: http or https, and a host that is a domain (at least two
 * labels, a real-looking top-level one), localhost, or an IP address; a port is
 * optional. No credentials in the URL (the auth header is the place for them).
 */
export function isWebhookEndpoint(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (host === 'localhost') return true;
  if (host.startsWith('[') && host.endsWith(']')) return true; // an IPv6 literal: URL parsed it
  if (IPV4_PATTERN.test(host)) return true;
  const labels = host.replace(/\.$/, '').split('.');
  return labels.length >= 2 && labels.every((l) => HOST_LABEL_PATTERN.test(l)) && TLD_PATTERN.test(labels[labels.length - 1]!);
}

export const webhookNameSchema = safeText(WEBHOOK_LIMITS.name).min(1, WEBHOOK_MESSAGES.required);
export const webhookEndpointSchema = safeText(WEBHOOK_LIMITS.endpoint).min(1, WEBHOOK_MESSAGES.required).refine(isWebhookEndpoint, WEBHOOK_MESSAGES.invalidEndpoint);
const eventTypeSchema = safeExactText(100).refine((t) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(t), WEBHOOK_MESSAGES.unknownEventType);

/**
 * Whether a text can be sent as an HTTP header's value: printable ASCII, space and printable
 * Latin-1 (obs-text, U+00A0–U+00FF) only. No CR or LF (header injection), no other control
 * character (C0, DEL, C1; a tab too), nothing above U+00FF (Node refuses to send it).
 */
export const isHeaderValue = (text: string): boolean => /^[\x20-\x7e\xa0-\xff]*$/.test(text);

export const webhookAuthHeaderSchema = safeExactText(WEBHOOK_LIMITS.authHeader).refine(isHeaderValue, WEBHOOK_MESSAGES.invalidAuthHeader);

/** A PagerDuty integration key, as typed (surrounding spaces from a copy and paste dropped). */
export const webhookRoutingKeySchema = safeText(WEBHOOK_LIMITS.routingKey + 8)
  .min(1, WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired)
  .refine((k) => PAGERDUTY_ROUTING_KEY_PATTERN.test(k), WEBHOOK_CHANNEL_MESSAGES.invalidRoutingKey);

/** The event types a webhook of PagerDuty may receive, of those a holder of `permissions` may see. */
export const visiblePagerDutyEventTypes = (permissions: readonly string[]): DomainEventType[] =>
  visibleWebhookEventTypes(permissions).filter((t) => (PAGERDUTY_EVENT_TYPES as readonly string[]).includes(t));

/**
 * PUT /webhooks: creates (no `webhookId`) or updates one. `authHeader`: the value sent as
 * `Authorization` with every delivery; a text sets it, null removes it, absent keeps it.
 * `eventTypes` absent (the spec's Webhook names only type, name, endpoint and authHeader):
 * every event type the caller's role may see on create (see defaultEventTypes), kept on update.
 * Per type (webhook-channels.ts): a PagerDuty webhook needs its integration key (`routingKey`,
 * kept like the auth header: a text sets it, absent keeps it) and no auth header, receives only
 * the paired event types, and its endpoint defaults to the Events API v2 URL; any other type
 * needs an endpoint and takes no routing key. A chat type's masked endpoint sent back keeps it.
 */
export const saveWebhookSchema = z
  .strictObject({
    webhookId: safeUuid(WEBHOOK_MESSAGES.notFound).optional(),
    type: z.enum(WEBHOOK_TYPES).default('webhook').describe('webhook: signed Standard Webhooks JSON; slack: Block Kit message; msteams: Adaptive Card; pagerduty: Events API v2 trigger/resolve'),
    name: webhookNameSchema,
    endpoint: webhookEndpointSchema.optional().describe('Required except for pagerduty, where it defaults to https://events.pagerduty.com/v2/enqueue'),
    authHeader: webhookAuthHeaderSchema.nullable().optional(),
    routingKey: webhookRoutingKeySchema.optional().describe('pagerduty only: the Events API v2 integration key (32 characters); required on create, absent keeps it; never answered'),
    eventTypes: z.array(eventTypeSchema).min(1, WEBHOOK_MESSAGES.noEventTypes).max(WEBHOOK_EVENT_TYPES.length).optional(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.type !== 'pagerduty') {
      if (input.endpoint === undefined) issue('endpoint', WEBHOOK_MESSAGES.required);
      if (input.routingKey !== undefined) issue('routingKey', WEBHOOK_CHANNEL_MESSAGES.routingKeyOnlyPagerDuty);
      return;
    }
    // A new PagerDuty webhook needs its key; an update may keep the stored one (the server checks one is stored).
    if (input.webhookId === undefined && input.routingKey === undefined) issue('routingKey', WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired);
    if (input.authHeader) issue('authHeader', WEBHOOK_CHANNEL_MESSAGES.noAuthHeaderForPagerDuty);
    if (input.eventTypes?.some((t) => !isPagerDutyEventType(t))) issue('eventTypes', WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes);
  });
export type SaveWebhookInput = z.input<typeof saveWebhookSchema>;

/**
 * A webhook as the console shows it: whether an auth header (or a PagerDuty integration key)
 * is set, never the value itself, nor the secret; a Slack or Teams endpoint masked.
 */
export const webhookSchema = z.object({
  webhookId: z.string(),
  type: z.enum(WEBHOOK_TYPES),
  name: z.string(),
  /** A chat type's URL carries its secret: answered as its origin, `/…` and its last 4 characters. */
  endpoint: z.string(),
  authHeader: z.boolean(),
  /** Whether a PagerDuty integration key is set (always false for other types). */
  routingKey: z.boolean(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** Epoch ms it was disabled by the console after 5 days of failures (null: enabled, or never). */
  disabledAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksSchema = z.object({ webhooks: z.array(webhookSchema) });

/** Creating a webhook and rotating its secret answer the secret once: it is stored sealed and never shown again. */
export const savedWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string().nullable() });
export const webhookSecretSchema = z.object({ secret: z.string() });

export const webhookParamsSchema = z.object({ id: safeUuid(WEBHOOK_MESSAGES.notFound) });
export const webhookDeliveryParamsSchema = z.object({ id: safeUuid(WEBHOOK_MESSAGES.notFound), deliveryId: safeUuid(WEBHOOK_MESSAGES.deliveryNotFound) });
export const webhookDeliveriesQuerySchema = z.object(safePaging(20, 'query'));

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.number().int(),
  /** What was sent; the Authorization header's value is never shown. */
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable(),
  /** At most 2 KB of the answer. */
  responseBody: z.string().nullable(),
  /** Why no answer came (timeout, refused address, connection error). */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  deliveryId: z.string(),
  /** The Standard Webhooks message id (`webhook-id`); a replay keeps it. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  requestBody: z.string(),
  attempts: z.array(webhookAttemptSchema),
  nextAttemptAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** The delivery this one replays, if it is a replay. */
  replayOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema), total: z.number().int() });
