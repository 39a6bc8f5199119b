import { boardingSchema, signalAnswerSchema, signalBodySchema, signalParamsSchema, weeklyReportSchema } from '../onboarding';
import { endpoint } from '../endpoint';

/**
 * Getting started, the console's UI-usage signal and the weekly report's choice (spec
 * section 7): any signed-in member, each about their own account (the signal's instance
 * must be one the caller reaches, else 404) or their own choice.
 */
export const onboardingEndpoints = {
  boarding: endpoint({ method: 'GET', path: '/boarding', guard: 'authenticated', response: boardingSchema }),
  signal: endpoint({
    method: 'POST',
    path: '/:projectId/signals',
    guard: 'authenticated',
    params: signalParamsSchema,
    body: signalBodySchema,
    response: signalAnswerSchema,
    status: 201,
    audit: { unrecorded: 'usage analytics the console sends by itself; they change nothing a member set' },
  }),
  weeklyReport: endpoint({ method: 'GET', path: '/config/weekly_report', guard: 'authenticated', response: weeklyReportSchema }),
  saveWeeklyReport: endpoint({
    method: 'POST',
    path: '/config/weekly_report',
    guard: 'authenticated',
    body: weeklyReportSchema,
    response: weeklyReportSchema,
    audit: { label: 'Weekly report setting' },
  }),
} as const;
