import {
  WEBHOOK_CHANNEL_MESSAGES,
  WEBHOOK_MESSAGES,
  canOpenScreen,
  isPagerDutyEventType,
  PAGERDUTY_EVENTS_URL,
  webhookAuthHeaderSchema,
  webhookEndpointSchema,
  webhookEventGroups,
  webhookNameSchema,
  webhookRoutingKeySchema,
  type DomainEventType,
  type WebhookEventFamily,
  type SaveWebhookInput,
  type Webhook,
  type WebhookType,
} from '@replay/contracts';

export interface WebhookFormValues {
  type: WebhookType;
  name: string;
  endpoint: string;
  /** Typed only to set or replace it; empty keeps what is stored. */
  authHeader: string;
  removeAuthHeader: boolean;
  /** PagerDuty's integration key: typed to set or replace it; empty keeps a stored one. */
  routingKey: string;
  eventTypes: string[];
}

export type WebhookFormErrors = Partial<Record<'name' | 'endpoint' | 'authHeader' | 'routingKey' | 'eventTypes', string>>;

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

/** The form's checks, by the contracts' own schemas (the server checks the same). `hasRoutingKey`: a PagerDuty key is already stored. */
export function validateWebhookForm(values: WebhookFormValues, hasRoutingKey = false): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  errors.name = firstError(webhookNameSchema.safeParse(values.name));
  errors.endpoint = firstError(webhookEndpointSchema.safeParse(values.endpoint));
  if (values.type === 'pagerduty') {
    if (values.routingKey || !hasRoutingKey) errors.routingKey = firstError(webhookRoutingKeySchema.safeParse(values.routingKey));
    if (values.eventTypes.some((t) => !isPagerDutyEventType(t))) errors.eventTypes = WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes;
  } else if (values.authHeader) {
    // Empty keeps what is stored; a typed value must be one an HTTP header can carry.
    errors.authHeader = firstError(webhookAuthHeaderSchema.safeParse(values.authHeader));
  }
  if (values.eventTypes.length === 0) errors.eventTypes = WEBHOOK_MESSAGES.noEventTypes;
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
}

/**
 * The form after a change of type: PagerDuty's endpoint filled in (and taken out again when
 * leaving it), and only the event types PagerDuty can receive kept.
 */
export function withType(values: WebhookFormValues, type: WebhookType): WebhookFormValues {
  if (type === 'pagerduty') {
    return { ...values, type, endpoint: values.endpoint || PAGERDUTY_EVENTS_URL, eventTypes: values.eventTypes.filter(isPagerDutyEventType) };
  }
  return { ...values, type, endpoint: values.type === 'pagerduty' && values.endpoint === PAGERDUTY_EVENTS_URL ? '' : values.endpoint };
}

/** The event groups a holder of `permissions` may subscribe to (the server refuses the others); for PagerDuty, only its paired types. */
export function allowedEventGroups(permissions: readonly string[], type: WebhookType = 'webhook'): { family: WebhookEventFamily; types: DomainEventType[] }[] {
  return webhookEventGroups()
    .filter((g) => canOpenScreen(permissions, g.family.screen))
    .map((g) => ({ ...g, types: type === 'pagerduty' ? g.types.filter(isPagerDutyEventType) : g.types }))
    .filter((g) => g.types.length > 0);
}

/** The form's values for a webhook being edited, or for a new one. */
export function initialWebhookValues(webhook: Webhook | null): WebhookFormValues {
  return {
    type: webhook?.type ?? 'webhook',
    routingKey: '',
    name: webhook?.name ?? '',
    endpoint: webhook?.endpoint ?? '',
    authHeader: '',
    removeAuthHeader: false,
    eventTypes: webhook?.eventTypes ?? [],
  };
}

/**
 * The save call's body: an auth header only when it changes (null removes it; an edit leaving
 * the field empty keeps the saved one), a PagerDuty routing key only when one was typed.
 */
export function webhookSaveBody(values: WebhookFormValues, webhook: Webhook | null): SaveWebhookInput {
  const pagerDuty = values.type === 'pagerduty';
  const authHeader = pagerDuty ? undefined : values.removeAuthHeader ? null : values.authHeader ? values.authHeader : webhook ? undefined : null;
  return {
    ...(webhook ? { webhookId: webhook.webhookId } : {}),
    type: values.type,
    name: values.name,
    endpoint: values.endpoint,
    ...(authHeader === undefined ? {} : { authHeader }),
    ...(pagerDuty && values.routingKey ? { routingKey: values.routingKey } : {}),
    eventTypes: values.eventTypes,
  };
}
