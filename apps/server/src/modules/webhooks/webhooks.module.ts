import { defineModule } from '../manifest';
import { webhookRoutes } from './webhooks.routes';
import { webhookRetryWakeJob, webhookDeliveryOutbox } from './webhooks.jobs';
import { webhooksConsumer } from './webhooks.consumer';

export const webhooksModule = defineModule({
  name: 'webhooks',
  routes: [webhookRoutes],
  jobs: [webhookRetryWakeJob],
  outboxes: [webhookDeliveryOutbox],
  consumers: [webhooksConsumer],
});
