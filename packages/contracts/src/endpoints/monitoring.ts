import { instanceIdParamsSchema } from '../instances/instances';
import { graphsQuerySchema, graphsSchema, statisticsSchema } from '../instances/monitoring';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';

/** Monitoring of one instance (spec section 7): reads, under the instances' read guard, never recorded. */
export const monitoringEndpoints = {
  graphs: endpoint({ method: 'GET', path: `${BASE}/:id/graphs`, guard: guardFor('instances'), params: instanceIdParamsSchema, query: graphsQuerySchema, response: graphsSchema }),
  statistics: endpoint({ method: 'GET', path: `${BASE}/:id/statistics`, guard: guardFor('instances'), params: instanceIdParamsSchema, response: statisticsSchema }),
} as const;
