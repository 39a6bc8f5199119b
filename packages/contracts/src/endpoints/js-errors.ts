import { instanceIdParamsSchema } from '../instances/instances';
import { jsErrorDetailSchema, jsErrorListSchema, jsErrorParamsSchema, jsErrorsQuerySchema, sourceMapBodySchema, sourceMapListSchema, sourceMapParamsSchema, sourceMapSchema } from '../js-errors';
import { okSchema } from '../members';
import { siteQuerySchema } from '../projects';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';

/**
 * The JavaScript errors of a project of an instance (read from its agent) and its source maps
 * (kept by the instance, which the console forwards them to), the project named by `?siteId=` (absent: the instance's default):
 * read under the instances' read permission, uploads under the one every instance change
 * uses, recorded with the instance.
 */
export const jsErrorEndpoints = {
  instanceErrors: endpoint({ method: 'GET', path: `${BASE}/:id/errors`, guard: guardFor('instances'), params: instanceIdParamsSchema, query: jsErrorsQuerySchema, response: jsErrorListSchema }),
  instanceError: endpoint({ method: 'GET', path: `${BASE}/:id/errors/:errorId`, guard: guardFor('instances'), params: jsErrorParamsSchema, query: siteQuerySchema, response: jsErrorDetailSchema }),
  uploadSourceMap: endpoint({
    method: 'POST',
    path: `${BASE}/:id/source-maps`,
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    query: siteQuerySchema,
    body: sourceMapBodySchema,
    response: sourceMapSchema,
    status: 201,
    audit: { label: 'Source map upload', instanceParam: 'id' },
  }),
  sourceMaps: endpoint({ method: 'GET', path: `${BASE}/:id/source-maps`, guard: guardFor('instances'), params: instanceIdParamsSchema, query: siteQuerySchema, response: sourceMapListSchema }),
  deleteSourceMap: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/source-maps/:mapId`,
    guard: guardFor('instancesEdit'),
    params: sourceMapParamsSchema,
    query: siteQuerySchema,
    response: okSchema,
    audit: { label: 'Source map removal', instanceParam: 'id' },
  }),
} as const;
