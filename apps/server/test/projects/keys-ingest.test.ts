import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Instance, Project, Projects } from '@replay/contracts';
import { instances } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { api, appWithRunningInstance, tempInstancesDir, until } from '../instances/support';

/**
 * Projects' keys at ingest, with a real agent: the config step gives the running agent its
 * instance's key set, so a tracker sending a new project's key is recorded, one sending a
 * deleted project's key is refused, and the account's key keeps working.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const agentUrl = () => `http://127.0.0.1:${new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' }).folders.read(inst.instanceId)!.port}`;
const row = async () => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId)))[0]!;
/** The step has given the agent the key set the instance's row counts: nothing is ahead. */
const keysApplied = () => until(row, (r) => r.projectKeysAppliedVersion === r.projectKeysVersion, 30_000, 'the key set to be applied');
const send = (key: string, sessionId: string) =>
  fetch(`${agentUrl()}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
  });
const projectsOf = async () => (await api(t, owner.jwt).get('/projects')).json().data as Projects;

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Keys Corp', instance: { name: 'Keyed' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('project keys at ingest', () => {
  it('a new instance’s agent takes its default project’s key at its first run, and still takes the account’s', async () => {
    const applied = await keysApplied();
    expect(applied.projectKeysVersion).toBe(1);
    const [defaultProject] = (await projectsOf()).projects;
    expect(defaultProject).toMatchObject({ siteId: inst.instanceId, isDefault: true });
    expect((await send(defaultProject!.projectKey!, 'by-default-project')).status).toBe(202);
    const { tenantKey } = (await api(t, owner.jwt).get('/account')).json().data as Account;
    expect((await send(tenantKey!, 'by-account-key')).status).toBe(202);
    expect((await send('x'.repeat(64), 'by-stranger')).status).toBe(401);
  });

  it('a created project’s key is accepted once the step ran; a deleted one’s is refused', async () => {
    const created = await api(t, owner.jwt).post('/projects', { instanceId: inst.instanceId, name: 'Blog' });
    expect(created.statusCode).toBe(201);
    const blog = created.json().data as Project;
    expect((await row()).projectKeysVersion).toBe(2);
    await keysApplied();
    expect((await send(blog.projectKey!, 'by-blog')).status).toBe(202);

    expect((await api(t, owner.jwt).delete(`/projects/${blog.siteId}`)).statusCode).toBe(200);
    expect((await row()).projectKeysVersion).toBe(3);
    await keysApplied();
    const refused = await send(blog.projectKey!, 'by-deleted-blog');
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors).toEqual(['A valid project key is required: send Authorization: Bearer <project key>']);
    // The default project's key is still in the set.
    expect((await send((await projectsOf()).projects[0]!.projectKey!, 'by-default-again')).status).toBe(202);
  });

  it('a stopped instance gets the key set of a project made meanwhile when it runs again', { timeout: 60_000 }, async () => {
    const read = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data as Instance;
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'stop' })).statusCode).toBe(200);
    await until(read, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    const shop = (await api(t, owner.jwt).post('/projects', { instanceId: inst.instanceId, name: 'Shop' })).json().data as Project;
    const stopped = await row();
    expect(stopped.projectKeysVersion).toBe(stopped.projectKeysAppliedVersion + 1);
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'start' })).statusCode).toBe(200);
    await until(read, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
    await keysApplied();
    expect((await send(shop.projectKey!, 'by-shop-after-start')).status).toBe(202);
  });
});
