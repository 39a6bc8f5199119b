import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** A project's alert rules (the Alerts screens under /{siteId}/alerts), the project in `?siteId=`. */
export const alertsRoutes: FastifyPluginAsync = async (app) => {
  const { alerts } = app.services;
  mount(app, endpoints.alertRules, async (request) => alerts.list(principalOf(request), request.params.id, request.query.siteId));
  mount(app, endpoints.alertRule, async (request) => alerts.details(principalOf(request), request.params.id, request.query.siteId, request.params.alertId));
  mount(app, endpoints.createAlertRule, async (request) => alerts.create(principalOf(request), request.params.id, request.query.siteId, request.body));
  mount(app, endpoints.updateAlertRule, async (request) => alerts.update(principalOf(request), request.params.id, request.query.siteId, request.params.alertId, request.body));
  mount(app, endpoints.deleteAlertRule, async (request) => alerts.remove(principalOf(request), request.params.id, request.query.siteId, request.params.alertId));
};
