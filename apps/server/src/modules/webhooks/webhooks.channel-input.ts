import {
  isPagerDutyEventType,
  isSecretEndpointType,
  maskWebhookEndpoint,
  PAGERDUTY_EVENTS_URL,
  saveWebhookSchema,
  visiblePagerDutyEventTypes,
  visibleWebhookEventTypes,
  WEBHOOK_CHANNEL_MESSAGES,
} from '@replay/contracts';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';
import type { WebhookRow } from './webhooks.repo';

export type SaveInput = z.output<typeof saveWebhookSchema>;
type Stored = Pick<WebhookRow, 'type' | 'endpoint' | 'eventTypes' | 'authHeaderSealed'> | null;

/**
 * The endpoint to store: PagerDuty's Events API URL when a PagerDuty webhook names none (or
 * the stored one on update); the stored chat URL when its masked form came back unchanged
 * for a type that masks it too (the answer never holds the real one); else what was sent.
 */
export function endpointToStore(input: SaveInput, stored: Stored): string {
  if (input.endpoint === undefined) return stored?.type === 'pagerduty' ? stored.endpoint : PAGERDUTY_EVENTS_URL;
  if (stored && isSecretEndpointType(stored.type) && input.endpoint === maskWebhookEndpoint(stored.type, stored.endpoint)) {
    // Kept only for a type that masks it too: else the answer would show the secret URL in full.
    if (!isSecretEndpointType(input.type)) throw badRequest(WEBHOOK_CHANNEL_MESSAGES.maskedEndpoint);
    return stored.endpoint;
  }
  return input.endpoint;
}

/**
 * The event types: those sent; else on update the stored ones; else on create every type the
 * caller may see (for PagerDuty, of the paired ones). PagerDuty takes only paired types (400).
 */
export function eventTypesToStore(input: SaveInput, stored: Stored, permissions: readonly string[]): string[] {
  const fallback = input.type === 'pagerduty' ? visiblePagerDutyEventTypes(permissions) : visibleWebhookEventTypes(permissions);
  const types = [...new Set(input.eventTypes ?? stored?.eventTypes ?? fallback)];
  if (input.type === 'pagerduty' && types.some((t) => !isPagerDutyEventType(t))) throw badRequest(WEBHOOK_CHANNEL_MESSAGES.pagerDutyEventTypes);
  return types;
}

/**
 * The credential kept in the sealed column: a PagerDuty webhook's integration key, any other
 * type's auth header. Answers the new value (null: none), or undefined to keep the stored one.
 * A key never becomes a header nor a header a key: changing to or from PagerDuty drops the
 * stored value, and a PagerDuty webhook without a stored key must be given one (400).
 */
export function credentialToStore(input: SaveInput, stored: Stored): string | null | undefined {
  const wasPagerDuty = stored?.type === 'pagerduty';
  if (input.type === 'pagerduty') {
    if (input.routingKey !== undefined) return input.routingKey;
    if (wasPagerDuty && stored.authHeaderSealed) return undefined;
    throw badRequest(WEBHOOK_CHANNEL_MESSAGES.routingKeyRequired);
  }
  if (input.authHeader !== undefined) return input.authHeader;
  return wasPagerDuty ? null : undefined;
}
