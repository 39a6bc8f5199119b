import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, endpointPath, isCreate, type Endpoint, type EndpointName } from '@replay/contracts';
import { idempotentRequests, projects, users } from '../src/db/schema';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENCY_TTL_MS } from '../src/lib/idempotency';
import { appWithRunningInstance, tempInstancesDir } from './instances/support';
import { bearer, signup, type SignedIn } from './support/auth';
import { addInstance, auditRowsOf, tokenFor } from './support/team';
import type { TestApp } from './support/app';

let t: TestApp;
let owner: SignedIn;
/** A running instance with a real agent: a source map is kept by the instance, so its upload reaches it. */
let instanceId: string;
let roleId: string;
/** A support conversation of the owner's account, answered by the replies below. */
let conversationId: string;
const dir = tempInstancesDir();

/** A month from the start: the same in every body made from VALID.createApiKey. */
const KEY_EXPIRES_AT = Date.now() + 30 * 86_400_000;

/** A create's address and a body it accepts; `n` makes each call's body its own (names must be unique). */
type ValidCall = (n: number) => { params?: Record<string, string>; body?: object };

/**
 * Every create of the endpoint table but instance creation (its own form, tested in
 * instances/): a new create without an entry here fails the first test.
 */
const VALID: Partial<Record<EndpointName, ValidCall>> = {
  inviteMember: (n) => ({ body: { name: `Invitee ${n}`, email: `invitee-${n}@example.com`, admin: false, roleId } }),
  createRole: (n) => ({ body: { name: `Role ${n}`, description: 'Reads instances', permissions: ['VIEW_INSTANCES'], allInstances: true, instances: [] } }),
  saveWebhook: (n) => ({ body: { name: `Hook ${n}`, endpoint: `http://127.0.0.1:9/in/${n}`, eventTypes: ['role.created'] } }),
  createApiKey: (n) => ({ body: { name: `Key ${n}`, roleId, expiresAt: KEY_EXPIRES_AT, ipAccessList: [] } }),
  createProject: (n) => ({ body: { instanceId, name: `Project ${n}` } }),
  createAlertRule: (n) => ({ params: { id: instanceId }, body: { name: `CPU busy ${n}`, metric: 'cpu', threshold: 80, durationMinutes: 5, mail: true, enabled: true } }),
  takeBackup: () => ({ params: { id: instanceId } }),
  uploadSourceMap: (n) => ({
    params: { id: instanceId },
    body: { release: `1.0.${n}`, fileUrl: `https://shop.example.com/app-${n}.js`, map: '{"version":3,"sources":["app.js"],"names":[],"mappings":"AAAA"}' },
  }),
  signal: (n) => ({ params: { projectId: instanceId }, body: { timestamp: t.clock.now().getTime() + n, deviceType: 'desktop' } }),
  openSupportConversation: (n) => ({ body: { subject: `Question ${n}`, body: `Where did session ${n} go?` } }),
  claimSsoDomain: (n) => ({ body: { email: `it@idempotent-${n}.example` } }),
  replySupportConversation: (n) => ({ params: { id: conversationId }, body: { body: `More about ${n}` } }),
};

const creates = (Object.entries(endpoints) as [EndpointName, Endpoint][]).filter(([, e]) => isCreate(e) && !e.headers);

let seq = 0;
function send(name: EndpointName, call: { params?: Record<string, string>; body?: object }, key?: string, jwt = owner.jwt) {
  const e = endpoints[name] as Endpoint;
  return t.app.inject({
    method: e.method,
    url: `/api${endpointPath(e, call.params)}`,
    headers: { ...bearer(jwt), ...(key ? { 'idempotency-key': key } : {}) },
    ...(call.body ? { payload: call.body } : {}),
  });
}

beforeAll(async () => {
  const running = await appWithRunningInstance(dir.dataDir, { organizationName: 'Idempotent Co', instance: { name: 'Running' }, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
  ({ t, owner } = running);
  instanceId = running.inst.instanceId;
  const role = await send('createRole', VALID.createRole!(0));
  expect(role.statusCode, role.body).toBe(201);
  roleId = role.json().data.roleId;
  const opened = await send('openSupportConversation', VALID.openSupportConversation!(0));
  expect(opened.statusCode, opened.body).toBe(201);
  conversationId = opened.json().data.conversation.id;
});
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('Idempotency-Key on every create', () => {
  it('the table’s creates are the ones this suite knows', () => {
    expect(creates.map(([name]) => name).sort()).toEqual(Object.keys(VALID).sort());
  });

  it.each(creates)('%s: a repeat answers the first answer and creates nothing; another request under the key is 422', async (name) => {
    const call = VALID[name]!(++seq);
    const key = `key-${name}-${seq}`;
    const first = await send(name, call, key);
    expect(first.statusCode, first.body).toBeLessThan(300);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send(name, call, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [row] = await t.runtime.ctx.db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.key, key), eq(idempotentRequests.caller, `user:${owner.user.userId}`)));
    expect(row).toMatchObject({ tenantId: owner.user.tenantId, status: first.statusCode, operation: `${endpoints[name].method} /api${endpoints[name].path}` });

    const other = VALID[name]!(++seq);
    // A create without a body differs by nothing but its address: the same key on another instance's address.
    const different = call.body ? other : { params: { id: await addInstance(t, owner.user.tenantId, `Other ${seq}`) } };
    const mismatch = await send(name, different, key);
    expect(mismatch.statusCode, mismatch.body).toBe(422);
    expect(mismatch.json()).toEqual({ errors: [IDEMPOTENCY_MESSAGES.mismatch], code: 'idempotency_mismatch' });
  });

  it.each(creates)('%s: refuses a malformed key with 400', async (name) => {
    const res = await send(name, VALID[name]!(++seq), 'has spaces in it');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

/** An account of its own (a trial account's few sites are not shared between tests), with an instance. */
async function freshAccount() {
  const who = await signup(t);
  return { jwt: who.jwt, tenantId: who.user.tenantId, instanceId: await addInstance(t, who.user.tenantId, 'Own') };
}

describe('what the key keeps', () => {
  it('one project and one audit entry for a create sent three times with one key', async () => {
    const own = await freshAccount();
    const body = { instanceId: own.instanceId, name: 'Only once' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await send('createProject', { body }, 'project-once', own.jwt));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.runtime.ctx.db
      .select()
      .from(projects)
      .where(and(eq(projects.instanceId, own.instanceId), eq(projects.name, 'Only once')));
    expect(rows).toHaveLength(1);
    const trail = (await auditRowsOf(t, own.tenantId)).filter((r) => r.action === 'Project create');
    expect(trail).toHaveLength(1);
  });

  it('one invited member for a repeated invite; without a key, a repeat is a new request', async () => {
    const body = { name: 'Once Invited', email: 'once@example.com', admin: false, roleId };
    expect((await send('inviteMember', { body }, 'invite-once')).statusCode).toBe(201);
    expect((await send('inviteMember', { body }, 'invite-once')).statusCode).toBe(201);
    const rows = await t.runtime.ctx.db.select().from(users).where(eq(users.email, 'once@example.com'));
    expect(rows).toHaveLength(1);
    // The same email again without the key: the service judges it (the member exists).
    expect((await send('inviteMember', { body })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('keeps a create’s answer sealed: an API key’s secret is not in the database as text', async () => {
    const first = await send('createApiKey', VALID.createApiKey!(++seq), 'key-secret');
    expect(first.statusCode).toBe(201);
    const secret = first.json().data.secret as string;
    expect(secret).toMatch(/^rck_/);
    const [row] = await t.runtime.ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'key-secret'));
    expect(row!.responseSealed).not.toContain(secret);
    expect(row!.responseSealed).not.toContain('rck_');
    const again = await send('createApiKey', VALID.createApiKey!(seq), 'key-secret');
    expect(again.json().data.secret).toBe(secret);
  });

  it('keys are the caller’s own: another account’s same key and body is judged afresh', async () => {
    const own = await freshAccount();
    const body = { instanceId: own.instanceId, name: 'Per caller' };
    expect((await send('createProject', { body }, 'shared-key', own.jwt)).statusCode).toBe(201);
    const other = await freshAccount();
    // Another account's instance id is not found: not answered from the first caller's key.
    expect((await send('createProject', { body }, 'shared-key', other.jwt)).statusCode).toBe(404);
  });

  it('a failed create gives the key back; a key older than a day is forgotten', async () => {
    const own = await freshAccount();
    const bad = await send('createProject', { body: { instanceId: '00000000-0000-4000-8000-000000000000', name: 'Nowhere' } }, 'retry-key', own.jwt);
    expect(bad.statusCode).toBe(404);
    expect(await t.runtime.ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'retry-key'))).toEqual([]);
    const ok = await send('createProject', { body: { instanceId: own.instanceId, name: 'After retry' } }, 'retry-key', own.jwt);
    expect(ok.statusCode).toBe(201);

    t.clock.advance(IDEMPOTENCY_TTL_MS + 60_000);
    // The session token of a day ago has expired too; the project is deleted to leave a site free.
    const who = await t.runtime.ctx.db.select().from(users).where(eq(users.tenantId, own.tenantId));
    const jwt = await tokenFor(t, { userId: who[0]!.id, tenantId: own.tenantId });
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${ok.json().data.siteId}`, headers: bearer(jwt) });
    const later = await send('createProject', { body: { instanceId: own.instanceId, name: 'A day later' } }, 'retry-key', jwt);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });
});
