import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { INSTANCE_MESSAGES, LATEST_VERSION, VERSIONS, LATEST_EVENTS_COUNT, instanceSchema, type Instance, type InstanceDetails } from '@replay/contracts';
import { consoleActivities, instanceActivities, instances, roles, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';
import { addMember, api, createBody, createInstance, newInstance, seedInstance, setStatus, uniqueUrl } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/managed-saas/instances', () => {
  it('creates a small instance as creating, with every wire field, its activity and the account count', async () => {
    const owner = await signup(t);
    const body = createBody({ name: '  Checkout  ', region: 'eu-west-2' });
    const res = await createInstance(t, owner.jwt, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data as Instance;
    expect(instanceSchema.strict().parse(created)).toEqual(created);
    expect(created).toMatchObject({
      name: 'Checkout',
      status: 'creating',
      inProgress: true,
      provider: 'aws',
      region: 'eu-west-2',
      regionLabel: 'Europe (London)',
      isoCode: 'GB',
      size: 'small',
      instanceType: 'small',
      url: body.url,
      instanceUrl: null,
      version: LATEST_VERSION,
      diskSize: 120,
      highAvailability: false,
      attachGpu: false,
      isProtected: false,
      storageInProgress: false,
      healthy: false,
      createdBy: owner.user.userId,
      deletedAt: null,
      // Integer micro-dollars on the wire: London is × 1.16, 0.276 $ → 0.320 $/h; 600 µ$ → 696 µ$ per GB-hour.
      pricingDetails: { hourlyPrice: 320_000, monthlyPrice: 230_400_000 },
      storagePrice: { price: 696, hourly: 83_520, monthly: 60_134_400 },
      canUpdateStorage: true,
      canSwitchInstance: false,
      tenantId: owner.user.tenantId,
    });

    const events = await api(t, owner.jwt).get(`/managed-saas/instances/${created.instanceId}/user-activity`);
    expect(events.json().data).toMatchObject({ total: 1, events: [{ action: 'create', status: 'pending', userName: 'Ada Lovelace' }] });
    const [logged] = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.instanceId, created.instanceId));
    expect(logged).toMatchObject({ action: 'instance.created', message: 'Instance Checkout created', userName: 'Ada Lovelace' });

    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
    expect(account.json().data.instanceCount).toBe(1);
  });

  it('refuses invalid bodies: missing fields, a region of another provider, a bad URL, unknown fields', async () => {
    const owner = await signup(t);
    for (const body of [
      { ...createBody(), name: '' },
      { ...createBody(), region: 'eastus' },
      { ...createBody(), url: 'has space' },
      { ...createBody(), url: 'x'.repeat(65) },
      { ...createBody(), size: 'huge' },
      { ...createBody(), extra: true },
      { provider: 'aws', region: 'eu-west-1', size: 'small', url: uniqueUrl() },
    ]) {
      const res = await createInstance(t, owner.jwt, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const wrongRegion = await createInstance(t, owner.jwt, { ...createBody(), provider: 'azure', region: 'eu-west-1' });
    expect(wrongRegion.json().errors).toEqual([INSTANCE_MESSAGES.regionNotInProvider]);
    const { total } = (await api(t, owner.jwt).get('/managed-saas/instances')).json().data;
    expect(total).toBe(0);
  });

  it('applies the billing gate: a first small one is free, anything else needs payment details', async () => {
    const owner = await signup(t);
    const medium = await createInstance(t, owner.jwt, createBody({ size: 'medium' }));
    expect(medium.statusCode).toBe(402);
    expect(medium.json().errors).toEqual(['Free limit reached. Add payment details to continue creating instances.']);
    await newInstance(t, owner.jwt);
    const second = await createInstance(t, owner.jwt, createBody());
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({ errors: [INSTANCE_MESSAGES.billingRequired], code: 'billing_required' });
  });

  it('holds the billing gate under concurrent creates in one account: one free instance, the rest 402', async () => {
    const owner = await signup(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createInstance(t, owner.jwt, createBody())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(402)]);
    const rows = await t.runtime.ctx.db.select().from(instances).where(eq(instances.tenantId, owner.user.tenantId));
    expect(rows).toHaveLength(1);
  });

  it('keeps URLs unique across accounts, without regard to case, until the holder is terminated', async () => {
    const [a, b] = [await signup(t), await signup(t)];
    const url = uniqueUrl('Shared');
    const first = await newInstance(t, a.jwt, { url });
    const taken = await createInstance(t, b.jwt, createBody({ url: url.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: ['This URL is already taken.'], code: 'instance_url_taken' });
    await setStatus(t, first.instanceId, 'terminated');
    expect((await createInstance(t, b.jwt, createBody({ url }))).statusCode).toBe(201);
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the same instance, and a different body under the same key with 422', async () => {
    const owner = await signup(t);
    const body = createBody();
    const key = { 'idempotency-key': `key-${uniqueUrl()}` };
    const first = await createInstance(t, owner.jwt, body, key);
    const again = await createInstance(t, owner.jwt, { ...body }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await createInstance(t, owner.jwt, { ...body, name: 'Another' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: [INSTANCE_MESSAGES.idempotencyMismatch], code: 'idempotency_mismatch' });
    // The same key in another account is another key.
    const stranger = await signup(t);
    expect((await createInstance(t, stranger.jwt, createBody(), key)).statusCode).toBe(201);
    expect((await createInstance(t, owner.jwt, body, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
  });

  it('holds under 50 concurrent requests with one key: one instance, one answer', async () => {
    const owner = await signup(t);
    const body = createBody();
    const key = { 'idempotency-key': `burst-${uniqueUrl()}` };
    const answers = await Promise.all(Array.from({ length: 50 }, () => createInstance(t, owner.jwt, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const ids = new Set(answers.map((a) => a.json().data.instanceId));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const rows = await t.runtime.ctx.db.select().from(instances).where(eq(instances.tenantId, owner.user.tenantId));
    expect(rows).toHaveLength(1);
    const created = await t.runtime.ctx.db
      .select()
      .from(instanceActivities)
      .where(and(eq(instanceActivities.instanceId, rows[0]!.instanceId), eq(instanceActivities.action, 'create')));
    expect(created).toHaveLength(1);
  });
});

describe('reading instances', () => {
  it('lists live instances newest first, searches names without case, pages, and leaves terminated ones out', async () => {
    const owner = await signup(t);
    const made = [];
    for (const [i, name] of ['Alpha shop', 'beta SHOP', 'Gamma', '50%_off'].entries()) {
      made.push(await seedInstance(t, owner.user.tenantId, { name, createdAt: new Date(Date.now() - (10 - i) * 1000) }));
    }
    await seedInstance(t, (await signup(t)).user.tenantId, { name: 'Another account shop' });
    const a = api(t, owner.jwt);
    const all = (await a.get('/managed-saas/instances')).json().data;
    expect(all.total).toBe(4);
    expect(all.instances.map((i: Instance) => i.name)).toEqual(['50%_off', 'Gamma', 'beta SHOP', 'Alpha shop']);
    const shop = (await a.get('/managed-saas/instances?search=SHOP')).json().data;
    expect(shop.instances.map((i: Instance) => i.name).sort()).toEqual(['Alpha shop', 'beta SHOP']);
    expect(shop.total).toBe(2);
    // LIKE wildcards are taken literally.
    expect((await a.get('/managed-saas/instances?search=%25_')).json().data.total).toBe(1);
    const page2 = (await a.get('/managed-saas/instances?page=2&limit=3')).json().data;
    expect(page2).toMatchObject({ total: 4, instances: [{ name: 'Alpha shop' }] });
    expect((await a.get('/managed-saas/instances?page=9')).json().data).toEqual({ instances: [], total: 4 });
    await setStatus(t, made[0]!.instanceId, 'terminated');
    expect((await a.get('/managed-saas/instances')).json().data.total).toBe(3);
    // Still readable by id, so the details screen sees it end.
    expect((await a.get(`/managed-saas/instances/${made[0]!.instanceId}`)).json().data.status).toBe('terminated');
    expect((await a.get(`/managed-saas/instances/${made[0]!.instanceId}/status`)).json().data).toEqual({ status: 'terminated', inProgress: false });
    const statuses = (await a.post('/managed-saas/instances/status', { ids: [made[1]!.instanceId, made[0]!.instanceId, 'nope'] })).json().data;
    expect(statuses.statuses).toHaveLength(2);
  });

  it('gives each instance in the list exactly as its details do, field for field', async () => {
    const owner = await signup(t);
    const seeded = await seedInstance(t, owner.user.tenantId, {
      name: 'Every field',
      instanceUrl: 'http://127.0.0.1:4100',
      healthCheckUrl: 'http://127.0.0.1:4100/api/health',
      lastHealthAt: new Date(Date.UTC(2026, 10, 20, 8, 30, 1, 234)),
      resolvedIps: ['127.0.0.1', '::1'],
      clientNetworkIssue: true,
      failure: 'agent exited',
      uiFailure: 'Could not start',
      createdBy: owner.user.userId,
      isProtected: true,
    });
    // Microseconds, which the wire's milliseconds drop the same way on both paths.
    await t.runtime.ctx.db.execute(sql`update instances set created_at = '2026-11-01 10:00:00.123987+00' where instance_id = ${seeded.instanceId}`);
    const a = api(t, owner.jwt);
    const [listed] = (await a.get('/managed-saas/instances?search=every')).json().data.instances as Instance[];
    const { latestEvents, ...details } = (await a.get(`/managed-saas/instances/${seeded.instanceId}`)).json().data as InstanceDetails;
    expect(listed).toEqual(details);
    expect(latestEvents).toEqual([]);
    expect(listed).toMatchObject({ createdAt: Date.UTC(2026, 10, 1, 10, 0, 0, 123), lastHealthAt: Date.UTC(2026, 10, 20, 8, 30, 1, 234), resolvedIps: ['127.0.0.1', '::1'] });
  });

  it('orders instances created in the same instant by id, the same way on every page', async () => {
    const owner = await signup(t);
    const at = new Date(Date.UTC(2026, 10, 2));
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await seedInstance(t, owner.user.tenantId, { createdAt: at })).instanceId);
    const a = api(t, owner.jwt);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await a.get(`/managed-saas/instances?limit=1&page=${page}`)).json().data.instances);
    expect(pages.map((i: Instance) => i.instanceId)).toEqual([...ids].sort().reverse());
    expect((await a.get('/managed-saas/instances')).json().data.instances.map((i: Instance) => i.instanceId)).toEqual([...ids].sort().reverse());
  });

  it('judges the caller of the list on every request: removed 401, without the view permission 403', async () => {
    const owner = await signup(t);
    await seedInstance(t, owner.user.tenantId);
    const member = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    const list = () => api(t, member.jwt).get('/managed-saas/instances');
    expect((await list()).json().data.total).toBe(1);
    await t.runtime.ctx.db
      .update(roles)
      .set({ permissions: ['VIEW_ACTIVITY'] })
      .where(eq(roles.id, member.user.roleId!));
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('instances');
    await t.runtime.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.user.userId));
    const gone = await list();
    expect(gone.statusCode).toBe(401);
    expect(gone.body).not.toContain('instances');
  });

  it('validates domains: allowed characters, at most 64, not taken', async () => {
    const owner = await signup(t);
    const taken = await newInstance(t, owner.jwt);
    const check = async (url: string) => (await api(t, owner.jwt).get(`/managed-saas/instances/validate-domain?url=${encodeURIComponent(url)}`)).json().data.valid;
    expect(await check(uniqueUrl())).toBe(true);
    expect(await check('under_score-and-9')).toBe(true);
    expect(await check(taken.url)).toBe(false);
    expect(await check(taken.url.toUpperCase())).toBe(false);
    expect(await check('dots.not.allowed')).toBe(false);
    expect(await check('')).toBe(false);
    expect(await check('a'.repeat(64))).toBe(true);
    expect(await check('a'.repeat(65))).toBe(false);
  });

  it('lists versions', async () => {
    const owner = await signup(t);
    const listed = (await api(t, owner.jwt).get('/managed-saas/versions')).json().data as { versions: { version: string; tracker: string | null }[] };
    expect(listed.versions.map((v) => v.version)).toEqual([...VERSIONS]);
    expect(listed.versions.every((v) => v.tracker !== null)).toBe(true);
  });

  it('answers 404 for ids that are not instances, malformed ones included', async () => {
    const owner = await signup(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "x'; drop table instances; --"]) {
      const res = await api(t, owner.jwt).get(`/managed-saas/instances/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('PUT /api/managed-saas/instances/{id}', () => {
  it('answers its details with its 5 latest events, newest first, as the Events tab’s first page lists them', async () => {
    const owner = await signup(t);
    const inst = await newInstance(t, owner.jwt, { name: 'Eventful' });
    const a = api(t, owner.jwt);
    const details = async () => (await a.get(`/managed-saas/instances/${inst.instanceId}`)).json().data as InstanceDetails;
    expect((await details()).latestEvents).toEqual([expect.objectContaining({ instanceId: inst.instanceId, action: 'create', userId: owner.user.userId })]);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { name })).statusCode).toBe(200);
    const { latestEvents } = await details();
    expect(latestEvents.map((e) => e.comments)).toHaveLength(LATEST_EVENTS_COUNT);
    expect(latestEvents).toEqual((await a.get(`/managed-saas/instances/${inst.instanceId}/user-activity?limit=5`)).json().data.events);
    expect(latestEvents.every((e) => e.action === 'rename')).toBe(true);
    expect(latestEvents[0]!.comments).toContain('Five');
  });

  it('renames (trimmed, at most 80) and switches termination protection, recording both', async () => {
    const owner = await signup(t);
    const inst = await newInstance(t, owner.jwt, { name: 'Old name' });
    const a = api(t, owner.jwt);
    const renamed = await a.put(`/managed-saas/instances/${inst.instanceId}`, { name: '  New name ' });
    expect(renamed.json().data).toMatchObject({ name: 'New name', updatedBy: owner.user.userId });
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { name: 'x'.repeat(81) })).statusCode).toBe(400);
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, {})).statusCode).toBe(400);
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { isProtected: true })).json().data.isProtected).toBe(true);
    const events = (await a.get(`/managed-saas/instances/${inst.instanceId}/user-activity`)).json().data;
    expect(events.events.map((e: { action: string }) => e.action)).toEqual(['protect', 'rename', 'create']);
    expect((await a.get(`/managed-saas/instances/${inst.instanceId}/user-activity?query=termination`)).json().data.total).toBe(1);
    expect((await a.get(`/managed-saas/instances/${inst.instanceId}/user-activity?query=new name`)).json().data.total).toBe(1);
    expect((await a.get(`/managed-saas/instances/${inst.instanceId}/user-activity?limit=1&page=2`)).json().data).toMatchObject({ total: 3, events: [{ action: 'rename' }] });
    await setStatus(t, inst.instanceId, 'terminated');
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { name: 'Late' })).statusCode).toBe(409);
  });
});

describe('GET /api/managed-saas/instances/{id}/health (the proxy health check)', () => {
  it("answers 500 'Health check failed' when the agent answers but is not healthy, and 'No response from proxy health check' when nothing answers", async () => {
    const owner = await signup(t);
    const row = await seedInstance(t, owner.user.tenantId, { instanceUrl: 'http://localhost:4999', clientNetworkIssue: true });
    const driver = t.runtime.ctx.driver;
    // An agent that answers 200 but serves no tenant is not healthy (agent-client's rule).
    const spy = vi
      .spyOn(driver, 'health')
      .mockResolvedValueOnce({ healthy: false, statusCode: 200, tenants: [], version: '1.21', error: null, checkedAt: Date.now() })
      .mockResolvedValueOnce({ healthy: false, statusCode: null, tenants: [], version: null, error: 'ECONNREFUSED', checkedAt: Date.now() });
    try {
      const unhealthy = await api(t, owner.jwt).get(`/managed-saas/instances/${row.instanceId}/health`);
      expect(unhealthy.statusCode).toBe(500);
      expect(unhealthy.json()).toEqual({ errors: [INSTANCE_MESSAGES.healthCheckFailed], code: 'health_check_failed' });
      const silent = await api(t, owner.jwt).get(`/managed-saas/instances/${row.instanceId}/health`);
      expect(silent.statusCode).toBe(500);
      expect(silent.json()).toEqual({ errors: [INSTANCE_MESSAGES.noProxyResponse], code: 'health_check_failed' });
      // A failed check says the instance is down, not the member's network.
      const [saved] = await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, row.instanceId));
      expect(saved!.clientNetworkIssue).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
