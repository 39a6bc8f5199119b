import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The Billing screen's calls (spec section 7). */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const { billing, invoices } = app.services;

  mount(app, endpoints.billingDetails, async (request) => billing.details(principalOf(request)));

  mount(app, endpoints.utilization, async (request) => billing.utilization(principalOf(request)));

  mount(app, endpoints.invoices, async (request) => invoices.list(principalOf(request), request.query));

  mount(app, endpoints.invoicePdf, async (request, reply) => {
    const pdf = await invoices.pdf(principalOf(request), request.params.id);
    // The invoice's number names the file the browser saves; the bytes hold the account's address: never cached.
    reply.header('cache-control', 'private, no-store').header('content-disposition', 'inline; filename="invoice.pdf"');
    return pdf;
  });

  mount(app, endpoints.createBilling, async (request) => billing.create(principalOf(request), request.body));

  mount(app, endpoints.editBilling, async (request) => billing.edit(principalOf(request), request.body));
};
