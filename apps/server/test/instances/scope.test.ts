import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INSTANCE_MESSAGES, type Instance } from '@replay/contracts';
import { instanceActivities, instances } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { addMember, api, createBody, createInstance, newInstance, seedInstance, tempInstancesDir } from './support';

/**
 * Who may touch which instance: another account's ids are 404 and change
 * nothing; a member whose role names some instances sees and acts on those
 * only (others are 404, as if absent); view-only members may read but not
 * write (403); no token is 401.
 */

const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let mine: Instance;
let chosenId: string;
let scoped: { jwt: string };
let viewer: { jwt: string };

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dir.dataDir });
  owner = await signup(t);
  stranger = await signup(t);
  mine = await newInstance(t, owner.jwt, { name: 'Owner only' });
  chosenId = (await seedInstance(t, owner.user.tenantId, { name: 'Chosen' })).instanceId;
  scoped = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES', 'EDIT_INSTANCES'], [chosenId]);
  viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
});
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

/** Every route that names one instance, with a body that would be valid. */
const routes = (id: string) =>
  [
    { method: 'GET', url: `/api/managed-saas/instances/${id}`, write: false },
    { method: 'GET', url: `/api/managed-saas/instances/${id}/status`, write: false },
    { method: 'GET', url: `/api/managed-saas/instances/${id}/jwt`, write: false },
    { method: 'GET', url: `/api/managed-saas/instances/${id}/health`, write: false },
    { method: 'GET', url: `/api/managed-saas/instances/${id}/user-activity`, write: false },
    { method: 'PUT', url: `/api/managed-saas/instances/${id}`, payload: { name: 'Hijacked', isProtected: true }, write: true },
    { method: 'POST', url: `/api/managed-saas/instances/${id}/actions`, payload: { action: 'stop' }, write: true },
    { method: 'POST', url: `/api/managed-saas/instances/${id}/actions`, payload: { action: 'terminate' }, write: true },
    { method: 'DELETE', url: `/api/managed-saas/instances/${id}`, write: true },
  ] as const;

const call = (jwt: string | null, r: ReturnType<typeof routes>[number]) =>
  t.app.inject({ method: r.method, url: r.url, headers: jwt ? bearer(jwt) : {}, ...('payload' in r ? { payload: r.payload } : {}) });

async function snapshot(instanceId: string) {
  const [row] = await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, instanceId));
  const events = await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, instanceId));
  return { status: row!.status, name: row!.name, isProtected: row!.isProtected, updatedAt: row!.updatedAt.getTime(), events: events.length };
}

describe('another account', () => {
  it('gets 404 on every instance route and changes nothing', async () => {
    const before = await snapshot(mine.instanceId);
    for (const r of routes(mine.instanceId)) {
      const res = await call(stranger.jwt, r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    expect(await snapshot(mine.instanceId)).toEqual(before);
  });

  it('does not see the instance in lists, bulk statuses or URL checks beyond the URL being taken', async () => {
    const a = api(t, stranger.jwt);
    expect((await a.get('/managed-saas/instances')).json().data).toEqual({ instances: [], total: 0 });
    expect((await a.get(`/managed-saas/instances?search=Owner`)).json().data.total).toBe(0);
    expect((await a.post('/managed-saas/instances/status', { ids: [mine.instanceId, chosenId] })).json().data).toEqual({ statuses: [] });
  });
});

describe('a member whose role names chosen instances', () => {
  it('lists and reads only those', async () => {
    const a = api(t, scoped.jwt);
    const list = (await a.get('/managed-saas/instances')).json().data;
    expect(list.total).toBe(1);
    expect(list.instances.map((i: Instance) => i.instanceId)).toEqual([chosenId]);
    expect((await a.post('/managed-saas/instances/status', { ids: [mine.instanceId, chosenId] })).json().data.statuses).toEqual([{ instanceId: chosenId, status: 'running', inProgress: false }]);
  });

  it('gets 404 for the others on every route, changing nothing', async () => {
    const before = await snapshot(mine.instanceId);
    for (const r of routes(mine.instanceId)) {
      expect((await call(scoped.jwt, r)).statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    expect(await snapshot(mine.instanceId)).toEqual(before);
  });

  it('reaches its chosen instance on every route', async () => {
    for (const r of routes(chosenId).filter((r) => !r.write)) {
      expect([200, 409, 500], `${r.method} ${r.url}`).toContain((await call(scoped.jwt, r)).statusCode);
    }
    const renamed = await api(t, scoped.jwt).put(`/managed-saas/instances/${chosenId}`, { name: 'Chosen, renamed' });
    expect(renamed.statusCode).toBe(200);
    const stopped = await api(t, scoped.jwt).post(`/managed-saas/instances/${chosenId}/actions`, { action: 'stop' });
    expect(stopped.json().data.status).toBe('stopping');
  });

  it('cannot create instances, which it could not see afterwards (403)', async () => {
    const res = await createInstance(t, scoped.jwt, createBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([INSTANCE_MESSAGES.scopedCreate]);
  });
});

describe('a view-only member', () => {
  it('reads every instance of the account', async () => {
    const a = api(t, viewer.jwt);
    expect((await a.get('/managed-saas/instances')).json().data.total).toBe(2);
    expect((await a.get(`/managed-saas/instances/${mine.instanceId}`)).statusCode).toBe(200);
    expect((await a.get('/managed-saas/versions')).statusCode).toBe(200);
    expect((await a.get('/managed-saas/instances/validate-domain?url=free-one')).statusCode).toBe(200);
  });

  it('is refused every change with 403, and nothing changes', async () => {
    const before = await snapshot(mine.instanceId);
    for (const r of routes(mine.instanceId).filter((r) => r.write)) {
      expect((await call(viewer.jwt, r)).statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    expect((await createInstance(t, viewer.jwt, createBody())).statusCode).toBe(403);
    expect(await snapshot(mine.instanceId)).toEqual(before);
  });
});

describe('without a token', () => {
  it('gets 401 on every instance route', async () => {
    for (const r of routes(mine.instanceId)) expect((await call(null, r)).statusCode).toBe(401);
    for (const url of ['/api/managed-saas/instances', '/api/managed-saas/versions', '/api/managed-saas/instances/validate-domain?url=x']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/managed-saas/instances', payload: createBody() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/managed-saas/instances/status', payload: { ids: [] } })).statusCode).toBe(401);
  });
});
