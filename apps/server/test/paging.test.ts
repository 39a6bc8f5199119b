import { afterAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@replay/contracts';
import { createTestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { addInstance, addMember, auditRowsOf } from './support/team';

/**
 * Every list is paged by lib/paging.ts: the total rides on the page's rows
 * (count(*) over ()), and a page past the end, which has no row to carry it,
 * is counted apart. Each list, on its first page and far past its end,
 * must give the same total, and a search for a wildcard finds nothing here.
 */
const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t);
const headers = bearer(owner.jwt);
const tenantId = owner.user.tenantId;
const instanceIds = [await addInstance(t, tenantId, 'one'), await addInstance(t, tenantId, 'two'), await addInstance(t, tenantId, 'three')];
const scoped = await addMember(t, tenantId, { permissions: [...PERMISSIONS], allInstances: false, instances: instanceIds.slice(0, 2) });
await addMember(t, tenantId);
for (const name of ['Role A', 'Role B', 'Role C']) {
  await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name, permissions: ['VIEW_INSTANCES'] } });
}
for (const name of ['first', 'second', 'third']) {
  await t.app.inject({ method: 'PUT', url: `/api/managed-saas/instances/${instanceIds[0]}`, headers, payload: { name } });
}
await auditRowsOf(t, tenantId);

type List = { name: string; read: (page: number, query?: string) => Promise<{ rows: unknown[]; total: number }>; total: number };

const get = async (url: string, key: string, h = headers) => {
  const data = (await t.app.inject({ method: 'GET', url, headers: h })).json().data;
  return { rows: data[key] as unknown[], total: data.total as number };
};
const search = (query?: string, key = 'query') => (query === undefined ? '' : `&${key}=${encodeURIComponent(query)}`);
const instancesPage =
  (limit: number, h = headers) =>
  (page: number, q?: string) =>
    get(`/api/managed-saas/instances?limit=${limit}&page=${page}${search(q, 'search')}`, 'instances', h);

const lists: List[] = [
  { name: 'instances (owner: one statement with the caller)', total: 3, read: instancesPage(2) },
  { name: 'instances (a role naming two)', total: 2, read: instancesPage(1, scoped.headers) },
  { name: 'instance events', total: 3, read: (page, q) => get(`/api/managed-saas/instances/${instanceIds[0]}/user-activity?limit=2&page=${page}${search(q)}`, 'events') },
  { name: 'members', total: 3, read: (page, q) => get(`/api/client/members?limit=2&page=${page}${search(q)}`, 'users') },
  // Three roles made and three renames; the audit trail has the sign-up besides.
  { name: 'activity', total: 6, read: (page, q) => get(`/api/managed-saas/activities?limit=2&page=${page}${search(q)}`, 'activities') },
  {
    name: 'audit trail',
    total: 7,
    read: async (page, query) => {
      const data = (await t.app.inject({ method: 'POST', url: '/api/trails', headers, payload: { limit: 2, page, ...(query === undefined ? {} : { query }) } })).json().data;
      return { rows: data.sessions, total: data.count };
    },
  },
];

describe.each(lists.map((l) => [l.name, l] as const))('%s', (_name, list) => {
  it('gives the total on the first page and far past the end', async () => {
    const first = await list.read(1);
    expect(first.total).toBe(list.total);
    expect(first.rows.length).toBeGreaterThan(0);
    const beyond = await list.read(500);
    expect(beyond).toEqual({ rows: [], total: first.total });
  });

  it('takes % and _ in a search literally', async () => {
    expect(await list.read(1, '%')).toEqual({ rows: [], total: 0 });
    expect(await list.read(1, '_')).toEqual({ rows: [], total: 0 });
    expect(await list.read(2, '%')).toEqual({ rows: [], total: 0 });
  });
});
