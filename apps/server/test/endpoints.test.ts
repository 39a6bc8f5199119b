import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, endpoints, type Endpoint } from '@replay/contracts';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The OpenAPI document is the server's own description of the API, not a call of it. */
/** The API's documentation (modules/api-docs): the document, its page and the page's two scripts. */
const SERVER_ONLY = new Set(['/docs', '/docs/openapi.json', '/docs/redoc.standalone.js', '/docs/start.js'].map((path) => `GET ${API_PREFIX}${path}`));

describe('the API is the contracts’ endpoint table', () => {
  const declared = Object.values(endpoints as Record<string, Endpoint>).map((e) => `${e.method} ${API_PREFIX}${e.path}`);

  it('registers every endpoint once, and no /api route that is not an endpoint', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !SERVER_ONLY.has(key));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...registered].sort()).toEqual([...declared].sort());
  });

  it('registers each with the guard, label and recording its endpoint declares', () => {
    const byKey = new Map(t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    const login = byKey.get(`POST ${API_PREFIX}${endpoints.login.path}`);
    expect(login).toMatchObject({ guard: 'public', audited: true, action: 'Log in', instanceParam: null });
    const act = byKey.get(`POST ${API_PREFIX}${endpoints.act.path}`);
    expect(act).toMatchObject({ guard: endpoints.act.guard, action: 'Start, stop or terminate instance', instanceParam: 'id' });
    expect(byKey.get(`POST ${API_PREFIX}${endpoints.trails.path}`)?.audited).toBe(false);
    expect(byKey.get(`GET ${API_PREFIX}${endpoints.refresh.path}`)?.audited).toBe(false);
  });
});
