import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../lib/mount';
import { principalOf } from '../../plugins/guard';

/** An instance's alert rules (the Alerts screens under /{instanceId}/alerts). */
export const alertsRoutes: FastifyPluginAsync = async (app) => {
  const { alerts } = app.services;
  mount(app, endpoints.alertRules, async (request) => alerts.list(principalOf(request), request.params.id));
  mount(app, endpoints.alertRule, async (request) => alerts.details(principalOf(request), request.params.id, request.params.alertId));
  mount(app, endpoints.createAlertRule, async (request) => alerts.create(principalOf(request), request.params.id, request.body));
  mount(app, endpoints.updateAlertRule, async (request) => alerts.update(principalOf(request), request.params.id, request.params.alertId, request.body));
  mount(app, endpoints.deleteAlertRule, async (request) => alerts.remove(principalOf(request), request.params.id, request.params.alertId));
};
