import type { FastifyPluginAsync } from 'fastify';
import { fromThisMachine } from '../lib/this-machine';
import { forbidden } from '../lib/errors';
import { latestMail, renderOutboxPage } from './outbox';

const PAGE_SIZE = 200;
/** Stricter than the console's own: no script at all, the page's one inline <style>, never framed. */
const OUTBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The operator's mailbox when no SMTP server is configured: /outbox (HTML)
 * and /outbox.json (for `npm run outbox`). Outside /api, and absent with SMTP.
 */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  if (ctx.mailer.transport !== 'outbox') return;

  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) throw forbidden('The outbox can only be read from the server machine.');
  });

  // Both answers hold live links: never cached (the default no-store of security-headers.ts says so too).
  app.get('/outbox.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await latestMail(ctx.db, PAGE_SIZE) };
  });

  app.get('/outbox', async (_request, reply) => {
    const page = renderOutboxPage(await latestMail(ctx.db, PAGE_SIZE), ctx.env.PRODUCT_NAME);
    return reply.header('cache-control', 'no-store').header('content-security-policy', OUTBOX_PAGE_CSP).type('text/html; charset=utf-8').send(page);
  });
};
