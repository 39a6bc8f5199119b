import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, TEST_OPERATOR_TOKEN } from './support/app';
import { bearer, signup } from './support/auth';
import { expectErrorAnswerShape } from './support/error-answer';
import { asQuery, describeRoute, fillPath, pathParams, sampleFor } from './support/route-table';
import type { ApiRoute } from '../src/modules/audit/audit.plugin';
import { addScimToken } from './support/scim';

/**
 * One answer for a path that names nothing (docs/decisions/server.md:
 * "malformed ids"), generated from the route table so routes
 * added later are held to it: every route with a path parameter answers a
 * value no row can have with 404 `not_found`, whatever the body, and with the
 * very words it gives for a well-formed id that names nothing.
 */
const t = await createTestApp();
afterAll(() => t.close());
const owner = await signup(t);
const scimToken = (await addScimToken(t, owner.jwt)).token;

const MALFORMED = ['not-a-uuid', "x'; drop table users; --", '00000000-0000-0000-0000-00000000000g', 'nul\u0000inside'];
const routes = t.app.apiRoutes.filter((r) => pathParams(r.url).length > 0);

function call(route: ApiRoute, value: string, body: unknown) {
  return t.app.inject({
    method: route.method as 'GET',
    url: fillPath(route.url, () => value),
    // Each route with its own kind of credential: the operator's routes take the operator token, SCIM's the SCIM token.
    headers: bearer(route.guard === 'operator' ? TEST_OPERATOR_TOKEN : route.guard === 'scim' ? scimToken : owner.jwt),
    query: asQuery(sampleFor(route.schema.querystring).value),
    ...(route.schema.body ? { payload: body as object } : {}),
  });
}

describe('a malformed id', () => {
  it('is tried on every kind of route that takes one', () => {
    expect(routes.map(describeRoute)).toEqual(
      expect.arrayContaining([
        'GET /api/managed-saas/instances/:id',
        'POST /api/managed-saas/instances/:id/actions',
        'GET /api/users/:id',
        'PUT /api/client/members/:id',
        'DELETE /api/client/roles/:id',
        'GET /api/trails/:id',
        'GET /api/invitations/:token',
      ]),
    );
  });

  it.each(routes.map((r) => [describeRoute(r), r] as const))('%s: 404 not_found, as for an id that names nothing', async (_name, route) => {
    const body = sampleFor(route.schema.body);
    const unknown = await call(route, randomUUID(), body.value);
    for (const value of MALFORMED) {
      const res = await call(route, value, body.value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(404);
      expectErrorAnswerShape(res);
      expect(res.json().code).toBe('not_found');
      // With a body the route accepts, the well-formed unknown id reaches the lookup: same answer, word for word.
      if (body.valid) expect(res.json(), value).toEqual(unknown.json());
    }
  });

  it('is not_found even with a body the route refuses: the path is judged first', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/members/not-a-uuid', headers: bearer(owner.jwt), payload: { nonsense: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Team member not found.'], code: 'not_found' });
  });
});
