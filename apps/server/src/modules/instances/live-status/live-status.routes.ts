import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { unauthorized } from '../../../lib/errors';
import { bearer, principalOf } from '../../../plugins/guard';

/**
 * The live status stream (issue 17; contracts' live-status.ts). The guard has
 * admitted the caller as on every call; the stream re-reads them with the
 * same credential before each message it sends. Open streams end before the
 * server closes (shutdown), so a draining process is not held by them.
 */
export const liveStatusRoutes: FastifyPluginAsync = async (app) => {
  const { liveStatus } = app.services;
  app.addHook('preClose', async () => liveStatus.closeAll());

  mount(app, endpoints.liveStatus, async (request) => {
    const token = bearer(request.headers.authorization);
    if (!token) throw unauthorized();
    const lastEventId = request.headers['last-event-id'];
    return liveStatus.open(principalOf(request), token, lastEventId === undefined ? null : Number(lastEventId));
  });
};
