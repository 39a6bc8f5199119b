import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** An instance's backups (the Maintenance & Backups tab and the Last Backup card). */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const { backups } = app.services;

  mount(app, endpoints.backups, async (request) => backups.read(principalOf(request), request.params.id));

  mount(app, endpoints.takeBackup, async (request) => backups.takeNow(principalOf(request), request.params.id));

  mount(app, endpoints.restoreBackup, async (request) => backups.restore(principalOf(request), request.params.id, request.params.backupId));
};
