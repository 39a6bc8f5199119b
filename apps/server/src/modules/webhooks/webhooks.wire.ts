import type { Webhook, WebhookDelivery } from '@replay/contracts';
import { deriveSealKey, type SealKey } from '../../lib/seal';
import { msOrNull } from '../../lib/time';
import type { AttemptRow, DeliveryRow, WebhookRow } from './webhooks.repo';

/** The webhooks' sealing key: its own label, so it shares no key with mail or invitations. */
export const webhookSealKey = (secret: Uint8Array): SealKey => deriveSealKey(secret, 'webhook-credentials');
/** What each sealed value is bound to: its row and its use, so a secret copied into the header column does not open. */
export const secretBinding = (webhookId: string) => `webhook:${webhookId}:secret`;
export const authHeaderBinding = (webhookId: string) => `webhook:${webhookId}:auth-header`;

export const webhookRef = (row: Pick<WebhookRow, 'id' | 'name' | 'endpoint'>) => ({ id: row.id, name: row.name, endpoint: row.endpoint });

export const webhookToWire = (row: WebhookRow): Webhook => ({
  webhookId: row.id,
  type: row.type,
  name: row.name,
  endpoint: row.endpoint,
  authHeader: row.authHeaderSealed !== null,
  eventTypes: row.eventTypes,
  enabled: row.enabled,
  disabledAt: msOrNull(row.disabledAt),
  createdAt: row.createdAt.getTime(),
});

export const deliveryToWire = (row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery => ({
  deliveryId: row.id,
  messageId: row.messageId,
  eventType: row.eventType,
  status: row.status,
  requestBody: row.body,
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
