import type { FastifyPluginAsync } from 'fastify';
import { INVOICE_PAGE_CSP } from './invoice-page';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The hosted invoice page (Invoice.hostedInvoiceUrl), outside the API: whoever holds its
 * link may read it, as a payment provider's hosted invoice, so an account can forward it to
 * whoever pays. The link's 192-bit token is its credential; the page is never cached or
 * indexed and sends no referrer.
 */
export const hostedInvoiceRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { token: string } }>('/invoices/:token', async (request, reply) => {
    const page = TOKEN.test(request.params.token) ? await app.services.invoices.hostedPage(request.params.token) : null;
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    if (!page) return reply.status(404).type('text/plain; charset=utf-8').send('Invoice not found.');
    return reply.header('content-security-policy', INVOICE_PAGE_CSP).type('text/html; charset=utf-8').send(page);
  });
};
