import { serverModule } from '../../platform/server-module';
import { systemResolver } from '../../lib/ssrf-guard';
import { createWebhooksService } from './webhooks.service';
import { webhookSealKey } from './webhooks.wire';
import { webhooksConsumer } from './webhooks.consumer';
import { webhookDeliveryOutbox, webhookRetryWakeJob } from './webhooks.jobs';
import { webhookRoutes } from './webhooks.routes';

/** Webhooks: endpoints (plain, Slack, Teams, PagerDuty), signed deliveries from an outbox, retries. */
export const webhooksModule = serverModule({
  name: 'webhooks',
  services: (ctx) => ({
    webhooks: createWebhooksService({
      db: ctx.db,
      clock: ctx.clock,
      sealKey: webhookSealKey(ctx.secrets.jwtSecret),
      allowPrivate: ctx.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      publicUrl: ctx.env.publicUrl,
      // Read at each call: tests set ctx.resolveHost after the services are built.
      resolve: (host) => (ctx.resolveHost ?? systemResolver)(host),
    }),
  }),
  api: [webhookRoutes],
  jobs: [webhookRetryWakeJob],
  outboxes: [webhookDeliveryOutbox],
  consumers: [webhooksConsumer],
});
