import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** The permission viewer (issue 18, point 6): GET /client/permissions/member and GET /client/permissions/instance/{id}. */
export const permissionViewerRoutes: FastifyPluginAsync = async (app) => {
  const { permissionViewer } = app.services;

  mount(app, endpoints.subjectAccess, async (request) => permissionViewer.subjectAccess(principalOf(request), request.query));
  mount(app, endpoints.instanceAccess, async (request) => permissionViewer.instanceAccess(principalOf(request), request.params.id, request.query.permission));
};
