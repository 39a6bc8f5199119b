import { serverModule } from '../../platform/server-module';
import { createBillingService } from './billing.service';
import { paymentProviderOf } from './payment-providers';
import { createInvoicesService } from './invoices.service';
import { billingJob, billingSchedule } from './billing.jobs';
import { billingRoutes } from './billing.routes';
import { hostedInvoiceRoutes } from './hosted-invoice.routes';
import { billingOperatorRoutes } from './operator.routes';
import { createBudgetService } from './budget.service';
import { budgetWatchDepsOf } from './budget.round';
import { budgetJob, budgetSchedule } from './budget.jobs';
import { budgetRoutes } from './budget.routes';

/** Plans, payment methods, the monthly close, invoices (hosted pages and PDFs) and spend budgets. */
export const billingModule = serverModule({
  name: 'billing',
  services: (ctx) => ({
    billing: createBillingService({ db: ctx.db, clock: ctx.clock, provider: paymentProviderOf(ctx) }),
    budgets: createBudgetService(budgetWatchDepsOf(ctx)),
    invoices: createInvoicesService({ db: ctx.db, publicUrl: ctx.env.publicUrl, seller: { productName: ctx.env.PRODUCT_NAME, supportEmail: ctx.env.SUPPORT_EMAIL } }),
  }),
  api: [billingRoutes, budgetRoutes],
  pages: [hostedInvoiceRoutes, billingOperatorRoutes],
  jobs: [billingJob, budgetJob],
  schedules: [billingSchedule, budgetSchedule],
});
