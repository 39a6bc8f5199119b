import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The account's logger options (the /client sessions-listing tab's Logger options card). */
export const loggerOptionsRoutes: FastifyPluginAsync = async (app) => {
  const { loggerOptions } = app.services;

  mount(app, endpoints.loggerOptions, async (request) => loggerOptions.read(principalOf(request)));

  mount(app, endpoints.saveLoggerOptions, async (request) => loggerOptions.save(principalOf(request), request.body));
};
