import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';

/** GET /boarding, POST /{projectId}/signals, GET and POST /config/weekly_report (spec section 7). */
export const onboardingRoutes: FastifyPluginAsync = async (app) => {
  const { onboarding } = app.services;
  mount(app, endpoints.boarding, async (request) => onboarding.boarding(principalOf(request)));
  mount(app, endpoints.signal, async (request) => {
    await onboarding.signal(principalOf(request), request.params.projectId, request.body);
    return { accepted: true as const };
  });
  mount(app, endpoints.weeklyReport, async (request) => onboarding.weeklyReport(principalOf(request)));
  mount(app, endpoints.saveWeeklyReport, async (request) => onboarding.saveWeeklyReport(principalOf(request), request.body));
};
