import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The account's session settings (the /client sessions-listing tab). */
export const sessionSettingsRoutes: FastifyPluginAsync = async (app) => {
  const { sessionSettings } = app.services;

  mount(app, endpoints.sessionSettings, async (request) => sessionSettings.read(principalOf(request)));

  mount(app, endpoints.saveSessionSettings, async (request) => sessionSettings.save(principalOf(request), request.body));
};
