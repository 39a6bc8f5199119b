import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, AlertRule, Instance, JsErrorDetail, JsErrorGroup, Project, Projects, SourceMapInfo } from '@replay/contracts';
import { alertRules, instances } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { api, appWithRunningInstance, seedInstance, tempInstancesDir, until } from '../instances/support';

/**
 * Two projects on one instance, with a real agent: what a tracker sends with a project's key is
 * that project's. Each project's error list shows only its own (the default project's also
 * what came with the account's key), a source map uploaded for one resolves only its errors,
 * and an alert rule made under one is listed and read there only; deleting a project takes its
 * rules with it, and its maps once the instance has the key set without it.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
let shop: Project;
let blog: Project;
const FILE = 'https://site.example.com/app.min.js';
/** Line 1, column 1 of FILE is src/app.js line 1, column 1. */
const MAP = JSON.stringify({ version: 3, sources: ['src/app.js'], names: [], mappings: 'AAAA', sourcesContent: ['throw new Error("x");'] });

const base = (what: string, siteId?: string) => `/managed-saas/instances/${inst.instanceId}${what}${siteId ? `${what.includes('?') ? '&' : '?'}siteId=${siteId}` : ''}`;
const agentUrl = () => `http://127.0.0.1:${new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' }).folders.read(inst.instanceId)!.port}`;
const row = async () => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId)))[0]!;
const report = async (key: string, message: string) => {
  const res = await fetch(`${agentUrl()}/api/errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ sessionId: 's1', message, release: '1.0.0', frames: [{ file: FILE, function: null, line: 1, column: 1 }] }),
  });
  expect(res.status).toBe(202);
};
const errorsOf = async (siteId?: string) => {
  const res = await api(t, owner.jwt).get(base('/errors?page=1&limit=20', siteId));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { errors: JsErrorGroup[] }).errors;
};

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Sites Corp', instance: { name: 'Shared' } }));
  shop = ((await api(t, owner.jwt).get('/projects')).json().data as Projects).projects[0]!;
  blog = (await api(t, owner.jwt).post('/projects', { instanceId: inst.instanceId, name: 'Blog' })).json().data as Project;
  await until(row, (r) => r.projectKeysAppliedVersion === r.projectKeysVersion, 30_000, 'the key set to be applied');
  const { tenantKey } = (await api(t, owner.jwt).get('/account')).json().data as Account;
  await report(shop.projectKey!, 'Shop broke');
  await report(blog.projectKey!, 'Blog broke');
  await report(tenantKey!, 'Sent with the account key');
  await report(shop.projectKey!, 'Both broke');
  await report(blog.projectKey!, 'Both broke');
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('a project’s own data', () => {
  it('lists each project’s errors only; the default project’s include those sent with the account’s key', async () => {
    expect(shop).toMatchObject({ siteId: inst.instanceId, isDefault: true });
    const messages = (groups: JsErrorGroup[]) => groups.map((g) => `${g.message} ×${g.count}`).sort();
    expect(messages(await errorsOf(blog.siteId))).toEqual(['Blog broke ×1', 'Both broke ×1']);
    expect(messages(await errorsOf(shop.siteId))).toEqual(['Both broke ×1', 'Sent with the account key ×1', 'Shop broke ×1']);
    // A call without ?siteId= is about the default project, as before projects.
    expect(messages(await errorsOf())).toEqual(messages(await errorsOf(shop.siteId)));
    const blogOnly = (await errorsOf(blog.siteId)).find((g) => g.message === 'Blog broke')!;
    expect((await api(t, owner.jwt).get(base(`/errors/${blogOnly.errorId}`, shop.siteId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).get(base(`/errors/${blogOnly.errorId}`, blog.siteId))).statusCode).toBe(200);
  });

  it('resolves a project’s errors with its own source maps only', async () => {
    const uploaded = await api(t, owner.jwt).post(base('/source-maps', blog.siteId), { release: '1.0.0', fileUrl: FILE, map: MAP });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const both = (await errorsOf(blog.siteId)).find((g) => g.message === 'Both broke')!;
    const detail = async (siteId: string) => (await api(t, owner.jwt).get(base(`/errors/${both.errorId}`, siteId))).json().data as JsErrorDetail;
    expect((await detail(blog.siteId)).frames[0]!.original).toMatchObject({ source: 'src/app.js', line: 1 });
    expect((await detail(shop.siteId)).sourceMapped).toBe(false);
    const mapsOf = async (siteId: string) => ((await api(t, owner.jwt).get(base('/source-maps', siteId))).json().data as { sourceMaps: SourceMapInfo[] }).sourceMaps;
    expect((await mapsOf(blog.siteId)).map((m) => m.fileUrl)).toEqual([FILE]);
    expect(await mapsOf(shop.siteId)).toEqual([]);
    const mapId = (await mapsOf(blog.siteId))[0]!.id;
    expect((await api(t, owner.jwt).delete(base(`/source-maps/${mapId}`, shop.siteId))).statusCode).toBe(404);
  });

  it('keeps an alert rule to the project it was made under', async () => {
    const made = await api(t, owner.jwt).post(base('/alerts', blog.siteId), { name: 'Blog CPU', metric: 'cpu', threshold: 90, durationMinutes: 5, mail: false, enabled: true });
    expect(made.statusCode, made.body).toBe(201);
    const rule = made.json().data as AlertRule;
    expect(rule).toMatchObject({ instanceId: inst.instanceId, siteId: blog.siteId });
    const names = async (siteId?: string) => ((await api(t, owner.jwt).get(base('/alerts', siteId))).json().data as { alerts: AlertRule[] }).alerts.map((a) => a.name);
    expect(await names(blog.siteId)).toEqual(['Blog CPU']);
    expect(await names(shop.siteId)).toEqual([]);
    expect(await names()).toEqual([]);
    expect((await api(t, owner.jwt).get(base(`/alerts/${rule.alertId}`, shop.siteId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).delete(base(`/alerts/${rule.alertId}`, shop.siteId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).get(base(`/alerts/${rule.alertId}`, blog.siteId))).statusCode).toBe(200);
  });

  it('answers 404 for a project of another instance and 400 for a malformed one', async () => {
    const other = await seedInstance(t, owner.user.tenantId, { name: 'Other' });
    expect((await api(t, owner.jwt).get(base('/alerts', other.instanceId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).get(base('/source-maps', other.instanceId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).get(base('/errors', other.instanceId))).statusCode).toBe(404);
    expect((await api(t, owner.jwt).get(base('/alerts', 'not-a-project'))).statusCode).toBe(400);
  });

  it('takes a deleted project’s rules and source maps with it', async () => {
    const { driver } = t.runtime.ctx;
    expect((await driver.sourceMaps(inst.instanceId, [blog.siteId])).sourceMaps).toHaveLength(1);
    expect((await api(t, owner.jwt).delete(`/projects/${blog.siteId}`)).statusCode).toBe(200);
    const db = t.runtime.ctx.db;
    expect(await db.select().from(alertRules).where(eq(alertRules.projectId, blog.siteId))).toEqual([]);
    // The instance keeps the maps: the key set without the project, once pushed, takes them.
    await until(row, (r) => r.projectKeysAppliedVersion === r.projectKeysVersion, 30_000, 'the key set to be applied');
    expect((await driver.sourceMaps(inst.instanceId, [blog.siteId])).sourceMaps).toEqual([]);
    expect((await api(t, owner.jwt).get(base('/alerts', blog.siteId))).statusCode).toBe(404);
  });
});
