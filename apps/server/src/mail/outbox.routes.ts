import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors';
import { latestMail, renderOutboxPage } from './outbox';

const PAGE_SIZE = 200;
/** Stricter than the console's own: no script at all, the page's one inline <style>, never framed. */
const OUTBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Only a browser on the server's own machine may read the outbox: it holds
 * reset links. The socket address is checked, not request.ip, and anything
 * that came through a proxy is refused, because a proxy on the same machine
 * would make every visitor look local.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return !forwarded && LOOPBACK.test(request.raw.socket.remoteAddress ?? '');
}

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
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', OUTBOX_PAGE_CSP)
      .type('text/html; charset=utf-8')
      .send(page);
  });
};
