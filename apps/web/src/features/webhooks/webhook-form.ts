import {
  WEBHOOK_MESSAGES,
  canOpenScreen,
  webhookAuthHeaderSchema,
  webhookEndpointSchema,
  webhookEventGroups,
  webhookNameSchema,
  type DomainEventType,
  type WebhookEventFamily,
} from '@replay/contracts';

export interface WebhookFormValues {
  name: string;
  endpoint: string;
  /** Typed only to set or replace it; empty keeps what is stored. */
  authHeader: string;
  removeAuthHeader: boolean;
  eventTypes: string[];
}

export type WebhookFormErrors = Partial<Record<'name' | 'endpoint' | 'authHeader' | 'eventTypes', string>>;

/** The form's checks, by the contracts' own schemas (the server checks the same). */
export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const name = webhookNameSchema.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const endpoint = webhookEndpointSchema.safeParse(values.endpoint);
  if (!endpoint.success) errors.endpoint = endpoint.error.issues[0]?.message;
  // Empty keeps what is stored; a typed value must be one an HTTP header can carry.
  const authHeader = values.authHeader ? webhookAuthHeaderSchema.safeParse(values.authHeader) : null;
  if (authHeader && !authHeader.success) errors.authHeader = authHeader.error.issues[0]?.message;
  if (values.eventTypes.length === 0) errors.eventTypes = WEBHOOK_MESSAGES.noEventTypes;
  return errors;
}

/** The event groups a holder of `permissions` may subscribe to (the server refuses the others). */
export function allowedEventGroups(permissions: readonly string[]): { family: WebhookEventFamily; types: DomainEventType[] }[] {
  return webhookEventGroups().filter((g) => canOpenScreen(permissions, g.family.screen));
}
