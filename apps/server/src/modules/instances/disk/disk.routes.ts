import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../../platform/mount';
import { principalOf } from '../../../plugins/guard';

/** Manage Disk (spec section 7): disk upgrade, cleanup, the last cleanup and what a cleanup would free. */
export const diskRoutes: FastifyPluginAsync = async (app) => {
  const { disk } = app.services;

  mount(app, endpoints.diskUpgrade, async (request) => disk.upgrade(principalOf(request), request.params.id, request.body.diskSize));

  mount(app, endpoints.cleanup, async (request) => disk.cleanup(principalOf(request), request.params.id, request.body.days));

  mount(app, endpoints.lastCleanup, async (request) => disk.lastCleanup(principalOf(request), request.params.id));

  mount(app, endpoints.cleanupPreview, async (request) => disk.cleanupPreview(principalOf(request), request.params.id));
};
