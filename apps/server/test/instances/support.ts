import { addDefaultProject } from '../../src/modules/projects/projects.facts';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Account, CreateInstanceInput, Instance, InstanceActivityAction, InstanceStatus, Permission } from '@replay/contracts';
import { instanceActivities, instances, roles, users } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import { newId } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/password-hash';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, login, signup, type SignedIn } from '../support/auth';

/** A URL slug no other test uses. */
export const uniqueUrl = (prefix = 'inst') => `${prefix}-${randomUUID().slice(0, 12)}`;

export function createBody(overrides: Partial<CreateInstanceInput> = {}): CreateInstanceInput {
  return { name: 'Checkout replay', provider: 'aws', region: 'eu-west-1', size: 'small', url: uniqueUrl(), ...overrides };
}

export function createInstance(t: TestApp, jwt: string, body: unknown = createBody(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/managed-saas/instances', headers: { ...bearer(jwt), ...headers }, payload: body as object });
}

/** Creates one and returns it; fails the test if the server refuses. */
export async function newInstance(t: TestApp, jwt: string, overrides: Partial<CreateInstanceInput> = {}): Promise<Instance> {
  const res = await createInstance(t, jwt, createBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Instance;
}

export const api = (t: TestApp, jwt: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(jwt) }),
  post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(jwt), payload }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api${url}`, headers: bearer(jwt), payload }),
  delete: (url: string) => t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(jwt) }),
});

/** Puts an instance in a status directly, as a finished workflow would have. */
export async function setStatus(t: TestApp, instanceId: string, status: InstanceStatus, extra: Partial<typeof instances.$inferInsert> = {}) {
  await t.runtime.ctx.db
    .update(instances)
    .set({ status, ...extra })
    .where(eq(instances.instanceId, instanceId));
}

/** An instance's activity records of one action (as the Events tab lists them), oldest first. */
export function activityRecords(t: TestApp, instanceId: string, action: InstanceActivityAction) {
  return t.runtime.ctx.db
    .select()
    .from(instanceActivities)
    .where(and(eq(instanceActivities.instanceId, instanceId), eq(instanceActivities.action, action)))
    .orderBy(asc(instanceActivities.createdAt));
}

/** A joined member of `tenantId` whose role grants `permissions`, on every instance or only on `only`. */
export async function addMember(t: TestApp, tenantId: string, permissions: Permission[], only?: string[]) {
  const db = t.runtime.ctx.db;
  const roleId = newId();
  await db.insert(roles).values({
    id: roleId,
    tenantId,
    name: `Role ${roleId}`,
    permissions,
    allInstances: only === undefined,
    instances: only ?? [],
  });
  const email = `member.${roleId}@example.com`;
  const password = 'Member!Passw0rd';
  await db.insert(users).values({ id: newId(), tenantId, email, name: 'Member', passwordHash: await hashPassword(password), roleId, joinedAt: t.clock.now() });
  const res = await login(t, email, password, `198.51.100.${Math.floor(Math.random() * 250)}`);
  if (res.statusCode !== 200) throw new Error(`member login failed: ${res.body}`);
  return res.json().data as { user: Account; jwt: string };
}

/** A local driver on its own temp folder; `dispose` ends every agent under it and removes the folder. */
export function tempInstancesDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'instances-test-'));
  return {
    dataDir,
    async dispose() {
      const driver = new LocalDriver({ root: join(dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
      for (const id of driver.folders.list()) await driver.terminate(id);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An instance row written straight to the database (past the billing gate), as if created earlier. */
export async function seedInstance(t: TestApp, tenantId: string, overrides: Partial<typeof instances.$inferInsert> = {}) {
  const [row] = await t.runtime.ctx.db
    .insert(instances)
    .values({
      instanceId: newId(),
      tenantId,
      name: 'Seeded',
      status: 'running',
      provider: 'aws',
      region: 'us-east-1',
      size: 'small',
      url: uniqueUrl('seed'),
      version: '1.21',
      diskSize: 120,
      ...overrides,
    })
    .returning();
  // As the create does: every instance holds its default project.
  await addDefaultProject(t.runtime.ctx.db, row!);
  return row!;
}

/**
 * A console with its workers on `dataDir` (real agents), a signed-up owner of
 * `organizationName`, and their instance, once it runs: the start of every suite that
 * drives a real instance through the API.
 */
export async function appWithRunningInstance(
  dataDir: string,
  opts: { organizationName: string; instance: Partial<CreateInstanceInput>; env?: Record<string, string> },
): Promise<{ t: TestApp; owner: SignedIn; inst: Instance }> {
  const t = await createTestApp({ DATA_DIR: dataDir, RUN_WORKERS: 'true', ...opts.env });
  const owner = await signup(t, { organizationName: opts.organizationName });
  const created = await newInstance(t, owner.jwt, opts.instance);
  const read = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${created.instanceId}`)).json().data as Instance;
  const inst = await until(read, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
  return { t, owner, inst };
}
