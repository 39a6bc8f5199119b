import { z } from 'zod';
import { billingDetailsSchema, invoiceIdParamsSchema, createBillingSchema, editBillingSchema, invoiceListSchema, invoicesQuerySchema, utilizationSchema } from '../billing';
import { budgetStatusSchema, saveBudgetSchema } from '../budgets';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * Billing (spec section 7): reads under the Billing screen's view-or-edit permission, saving
 * the details under EDIT_BILLING. The card reaches these calls only as the provider's token.
 */
export const billingEndpoints = {
  billingDetails: endpoint({ method: 'GET', path: '/managed-saas/billing-details', guard: guardFor('billing'), response: billingDetailsSchema }),
  utilization: endpoint({ method: 'GET', path: '/managed-saas/utilization', guard: guardFor('billing'), response: utilizationSchema }),
  invoices: endpoint({ method: 'GET', path: '/managed-saas/invoices', guard: guardFor('billing'), query: invoicesQuerySchema, response: invoiceListSchema }),
  /** The invoice as a PDF (bytes, not `{ data }`); its hosted page is outside the API. */
  invoicePdf: endpoint({
    method: 'GET',
    path: '/managed-saas/invoices/:id/pdf',
    guard: guardFor('billing'),
    params: invoiceIdParamsSchema,
    response: z.string().describe('The invoice as application/pdf'),
    file: 'application/pdf',
  }),
  createBilling: endpoint({
    method: 'POST',
    path: '/plans/billing',
    guard: guardFor('billingEdit'),
    body: createBillingSchema,
    response: billingDetailsSchema,
    audit: { label: 'Set up billing' },
  }),
  editBilling: endpoint({
    method: 'PUT',
    path: '/plans/edit',
    guard: guardFor('billingEdit'),
    body: editBillingSchema,
    response: billingDetailsSchema,
    audit: { label: 'Edit billing details' },
  }),
  /** The spend budget: read with the Billing screen, changed as billing details are (docs/decisions/billing.md). */
  budget: endpoint({ method: 'GET', path: '/billing/budget', guard: guardFor('billing'), response: budgetStatusSchema, summary: 'Read the spend budget and this period’s spend and forecast' }),
  saveBudget: endpoint({
    method: 'PUT',
    path: '/billing/budget',
    guard: guardFor('billingEdit'),
    body: saveBudgetSchema,
    response: budgetStatusSchema,
    audit: { label: 'Set spend budget' },
  }),
  removeBudget: endpoint({ method: 'DELETE', path: '/billing/budget', guard: guardFor('billingEdit'), response: budgetStatusSchema, audit: { label: 'Remove spend budget' } }),
} as const;
