import { alertDetailsSchema, alertParamsSchema, alertRuleInputSchema, alertRuleSchema, alertRulesSchema } from '../alerts';
import { endpoint } from '../endpoint';
import { instanceIdParamsSchema } from '../instances/instances';
import { siteQuerySchema as query } from '../projects';
import { guardFor } from '../screens';
import { z } from 'zod';

const BASE = '/managed-saas/instances';

/**
 * The alert rules of a project of an instance, the project named by `?siteId=` (absent: the
 * instance's default): read with the instance, changed as any instance change is (and audited).
 */
export const alertEndpoints = {
  alertRules: endpoint({ method: 'GET', path: `${BASE}/:id/alerts`, guard: guardFor('instances'), params: instanceIdParamsSchema, query, response: alertRulesSchema }),
  alertRule: endpoint({ method: 'GET', path: `${BASE}/:id/alerts/:alertId`, guard: guardFor('instances'), params: alertParamsSchema, query, response: alertDetailsSchema }),
  createAlertRule: endpoint({
    method: 'POST',
    path: `${BASE}/:id/alerts`,
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    query,
    body: alertRuleInputSchema,
    response: alertRuleSchema,
    status: 201,
    audit: { label: 'Alert rule create', instanceParam: 'id' },
  }),
  updateAlertRule: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/alerts/:alertId`,
    guard: guardFor('instancesEdit'),
    params: alertParamsSchema,
    query,
    body: alertRuleInputSchema,
    response: alertRuleSchema,
    audit: { label: 'Alert rule update', instanceParam: 'id' },
  }),
  deleteAlertRule: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/alerts/:alertId`,
    guard: guardFor('instancesEdit'),
    params: alertParamsSchema,
    query,
    response: z.object({ deleted: z.boolean() }),
    audit: { label: 'Alert rule delete', instanceParam: 'id' },
  }),
} as const;
