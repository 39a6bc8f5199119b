import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** Settings → Webhooks (spec: GET/PUT /webhooks, DELETE /webhooks/{id}) and the calls beyond it. */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const { webhooks } = app.services;

  mount(app, endpoints.webhooks, async (request) => webhooks.list(principalOf(request)));
  mount(app, endpoints.saveWebhook, async (request) => webhooks.save(principalOf(request), request.body));
  mount(app, endpoints.deleteWebhook, async (request) => webhooks.remove(principalOf(request), request.params.id));
  mount(app, endpoints.rotateWebhookSecret, async (request) => webhooks.rotateSecret(principalOf(request), request.params.id));
  mount(app, endpoints.enableWebhook, async (request) => webhooks.enable(principalOf(request), request.params.id));
  mount(app, endpoints.testWebhook, async (request) => webhooks.sendTest(principalOf(request), request.params.id));
  mount(app, endpoints.webhookDeliveries, async (request) => webhooks.deliveries(principalOf(request), request.params.id, request.query.page, request.query.limit));
  mount(app, endpoints.replayWebhookDelivery, async (request) => webhooks.replay(principalOf(request), request.params.id, request.params.deliveryId));
};
