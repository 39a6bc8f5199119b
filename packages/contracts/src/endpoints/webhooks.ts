import { okSchema } from '../members';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';
import {
  savedWebhookSchema,
  saveWebhookSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesSchema,
  webhookDeliveryParamsSchema,
  webhookParamsSchema,
  webhookSchema,
  webhooksSchema,
  webhookSecretSchema,
} from '../webhooks';

const integrations = guardFor('integrations');

/**
 * Webhooks (spec: GET /webhooks; PUT /webhooks; DELETE /webhooks/{id}), and beyond it the
 * secret's rotation, re-enabling, a test event, the delivery log and a replay. Every one
 * needs the 'integrations' screen (EDIT_INSTANCES): a webhook sends the account's events to
 * an address outside the console, a change as strong as any instance change.
 */
export const webhookEndpoints = {
  webhooks: endpoint({ method: 'GET', path: '/webhooks', guard: integrations, response: webhooksSchema }),
  /** Without a webhookId it creates one, so it honours an Idempotency-Key. */
  saveWebhook: endpoint({
    method: 'PUT',
    path: '/webhooks',
    guard: integrations,
    body: saveWebhookSchema,
    response: savedWebhookSchema,
    creates: true,
    audit: { label: 'Save webhook' },
  }),
  deleteWebhook: endpoint({ method: 'DELETE', path: '/webhooks/:id', guard: integrations, params: webhookParamsSchema, response: okSchema, audit: { label: 'Delete webhook' } }),
  rotateWebhookSecret: endpoint({
    method: 'POST',
    path: '/webhooks/:id/rotate-secret',
    guard: integrations,
    params: webhookParamsSchema,
    response: webhookSecretSchema,
    audit: { label: 'Rotate webhook secret' },
  }),
  enableWebhook: endpoint({ method: 'POST', path: '/webhooks/:id/enable', guard: integrations, params: webhookParamsSchema, response: webhookSchema, audit: { label: 'Enable webhook' } }),
  testWebhook: endpoint({ method: 'POST', path: '/webhooks/:id/test', guard: integrations, params: webhookParamsSchema, response: okSchema, audit: { label: 'Test webhook' } }),
  webhookDeliveries: endpoint({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    guard: integrations,
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveriesSchema,
  }),
  replayWebhookDelivery: endpoint({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/replay',
    guard: integrations,
    params: webhookDeliveryParamsSchema,
    response: okSchema,
    audit: { label: 'Replay webhook delivery' },
  }),
} as const;
