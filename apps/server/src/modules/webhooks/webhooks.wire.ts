import { maskWebhookEndpoint, type Webhook, type WebhookDelivery } from '@replay/contracts';
import { deriveSealKey, type SealKey } from '../../lib/seal';
import { msOrNull } from '../../lib/time';
import type { AttemptRow, DeliveryRow, WebhookRow } from './webhooks.repo';

/** The webhooks' sealing key: its own label, so it shares no key with mail or invitations. */
export const webhookSealKey = (secret: Uint8Array): SealKey => deriveSealKey(secret, 'webhook-credentials');
/** What each sealed value is bound to: its row and its use, so a secret copied into the header column does not open. */
export const secretBinding = (webhookId: string) => `webhook:${webhookId}:secret`;
export const authHeaderBinding = (webhookId: string) => `webhook:${webhookId}:auth-header`;
/** A PagerDuty webhook's integration key, kept in the auth header's column (it sends no header): a binding of its own, so neither opens as the other. */
export const routingKeyBinding = (webhookId: string) => `webhook:${webhookId}:routing-key`;

/** The credential column's binding for the row's type. */
export const credentialBinding = (row: Pick<WebhookRow, 'id' | 'type'>) => (row.type === 'pagerduty' ? routingKeyBinding(row.id) : authHeaderBinding(row.id));

/** A webhook as events name it: a chat URL masked (its secret is in the path), as in answers. */
export const webhookRef = (row: Pick<WebhookRow, 'id' | 'name' | 'endpoint' | 'type'>) => ({ id: row.id, name: row.name, endpoint: maskWebhookEndpoint(row.type, row.endpoint) });

export const webhookToWire = (row: WebhookRow): Webhook => ({
  webhookId: row.id,
  type: row.type,
  name: row.name,
  endpoint: maskWebhookEndpoint(row.type, row.endpoint),
  authHeader: row.type !== 'pagerduty' && row.authHeaderSealed !== null,
  routingKey: row.type === 'pagerduty' && row.authHeaderSealed !== null,
  eventTypes: row.eventTypes,
  enabled: row.enabled,
  disabledAt: msOrNull(row.disabledAt),
  createdAt: row.createdAt.getTime(),
});

/** `requestBody`: as the endpoint's type renders it (webhooks.format.ts), a PagerDuty key masked. */
export const deliveryToWire = (row: DeliveryRow, attempts: readonly AttemptRow[], requestBody: string): WebhookDelivery => ({
  deliveryId: row.id,
  messageId: row.messageId,
  eventType: row.eventType,
  status: row.status,
  requestBody,
  attempts: attempts.map((a) => ({
    attempt: a.attempt,
    at: a.at.getTime(),
    requestHeaders: a.requestHeaders,
    responseStatus: a.responseStatus,
    responseBody: a.responseBody,
    error: a.error,
    durationMs: a.durationMs,
  })),
  nextAttemptAt: row.status === 'pending' ? msOrNull(row.nextAttemptAt) : null,
  createdAt: row.createdAt.getTime(),
  replayOf: row.replayOf,
});
