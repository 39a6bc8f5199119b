import { defineModule } from '../manifest';
import { billingRoutes } from './billing.routes';
import { billingJob, billingSchedule } from './billing.jobs';
import { hostedInvoiceRoutes } from './hosted-invoice.routes';
import { billingOperatorRoutes } from './operator.routes';

export const billingModule = defineModule({
  name: 'billing',
  routes: [billingRoutes],
  rootRoutes: [hostedInvoiceRoutes, billingOperatorRoutes],
  jobs: [billingJob],
  schedules: [billingSchedule],
});
