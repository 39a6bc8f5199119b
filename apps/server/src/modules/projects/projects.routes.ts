import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** Settings → Projects (the spec's /client/projects tab and its site list). */
export const projectsRoutes: FastifyPluginAsync = async (app) => {
  const { projects } = app.services;
  mount(app, endpoints.projects, async (request) => projects.list(principalOf(request)));
  mount(app, endpoints.createProject, async (request) => projects.create(principalOf(request), request.body));
  mount(app, endpoints.renameProject, async (request) => projects.rename(principalOf(request), request.params.id, request.body.name));
  mount(app, endpoints.deleteProject, async (request) => projects.remove(principalOf(request), request.params.id));
};
