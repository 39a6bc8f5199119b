import { serverModule } from '../../lib/server-module';
import { createBillingService } from './billing.service';
import { paymentProviderOf } from './payment-providers';
import { createInvoicesService } from './invoices.service';
import { billingJob, billingSchedule } from './billing.jobs';
import { billingRoutes } from './billing.routes';
import { hostedInvoiceRoutes } from './hosted-invoice.routes';
import { billingOperatorRoutes } from './operator.routes';

/** Plans, payment methods, the monthly close and invoices (hosted pages and PDFs). */
export const billingModule = serverModule({
  name: 'billing',
  services: (ctx) => ({
    billing: createBillingService({ db: ctx.db, clock: ctx.clock, provider: paymentProviderOf(ctx) }),
    invoices: createInvoicesService({ db: ctx.db, publicUrl: ctx.env.publicUrl, seller: { productName: ctx.env.PRODUCT_NAME, supportEmail: ctx.env.SUPPORT_EMAIL } }),
  }),
  api: [billingRoutes],
  pages: [hostedInvoiceRoutes, billingOperatorRoutes],
  jobs: [billingJob],
  schedules: [billingSchedule],
});
