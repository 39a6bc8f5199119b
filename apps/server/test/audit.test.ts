import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUDIT_MESSAGES, auditEntrySchema, type AuditEntry } from '@replay/contracts';
import { buildApp } from '../src/app';
import { auditTrail } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createTestApp, type TestApp } from './support/app';
import { bearer, login, refreshCookieOf, signup, STRONG_PASSWORD, type SignedIn } from './support/auth';
import { addInstance, addMember, auditRowsOf, invitationLinksTo, tokenOfLink } from './support/team';
import { insertAuditRows, interceptAuditInserts } from './support/audit-chain';

let t: TestApp;
let owner: SignedIn;
let roleId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signup(t, { fullname: 'Audrey Owner' });
  roleId = (await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Instance reader', permissions: ['VIEW_INSTANCES'] } })).json().data.roleId;
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const latest = async (tenantId = owner.user.tenantId) => (await auditRowsOf(t, tenantId))[0]!;

describe('what the audit trail records', () => {
  it('records a change with who, what, where, how it ended and the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/members?source=test',
      headers: bearer(owner.jwt),
      payload: { name: 'Jane', email: 'jane.audit@example.com', admin: false, roleId },
    });
    expect(res.statusCode).toBe(201);
    expect(await latest()).toMatchObject({
      tenantId: owner.user.tenantId,
      userId: owner.user.userId,
      username: 'Audrey Owner',
      email: owner.email,
      action: 'Invite member',
      method: 'POST',
      route: '/api/client/members',
      endpoint: '/api/client/members',
      parameters: { source: 'test' },
      status: 201,
      payload: { name: 'Jane', email: 'jane.audit@example.com', admin: false, roleId },
      requestId: res.headers['x-request-id'],
    });
  });

  it('records refused calls too, with path parameters, and redacts secrets at any depth', async () => {
    const id = newId();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/client/members/${id}`,
      headers: bearer(owner.jwt),
      payload: {
        name: 'X',
        password: 'hunter2',
        nested: { apiToken: 't', list: [{ cardNumber: '4242424242424242', cvc: '123', ok: 'kept' }], Authorization: 'Bearer x' },
        clientSecret: 's',
        cookie: 'c',
        'g-recaptcha-response': 'r',
        jwt: 'j',
      },
    });
    expect(res.statusCode).toBe(400);
    const row = await latest();
    expect(row).toMatchObject({ action: 'Update member', status: 400, route: '/api/client/members/:id', endpoint: `/api/client/members/${id}`, parameters: { id } });
    expect(row.payload).toEqual({
      name: 'X',
      password: '[redacted]',
      nested: { apiToken: '[redacted]', list: [{ cardNumber: '[redacted]', cvc: '[redacted]', ok: 'kept' }], Authorization: '[redacted]' },
      clientSecret: '[redacted]',
      cookie: '[redacted]',
      'g-recaptcha-response': '[redacted]',
      jwt: '[redacted]',
    });
    expect(JSON.stringify(row)).not.toMatch(/hunter2|4242|Bearer x/);
  });

  it('records sign-up, login and logout with the person resolved, passwords redacted; a stranger’s failed login is not written', async () => {
    const fresh = await signup(t, { fullname: 'Sam Signup' });
    const signupRow = await latest(fresh.user.tenantId);
    expect(signupRow).toMatchObject({ action: 'Sign up', userId: fresh.user.userId, username: 'Sam Signup', status: 201 });
    expect(signupRow.payload).toMatchObject({ password: '[redacted]', email: fresh.email });

    expect((await login(t, fresh.email, 'Wrong!Passw0rd', '192.0.2.1')).statusCode).toBe(401);
    expect(await latest(fresh.user.tenantId)).toMatchObject({ action: 'Sign up' });
    const ok = await login(t, fresh.email, STRONG_PASSWORD, '192.0.2.1');
    expect(await latest(fresh.user.tenantId)).toMatchObject({ action: 'Log in', status: 200, userId: fresh.user.userId, payload: { email: fresh.email, password: '[redacted]' } });

    const out = await t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: refreshCookieOf(ok)! } });
    expect(out.statusCode).toBe(200);
    expect(await latest(fresh.user.tenantId)).toMatchObject({ action: 'Log out', method: 'GET', status: 200, userId: fresh.user.userId });

    // Nobody can be named for an unknown email: nothing is written.
    const before = (await t.runtime.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditTrail))[0]!.n;
    await login(t, 'nobody.at.all@example.com', 'Wrong!Passw0rd', '192.0.2.2');
    await t.app.auditDrain();
    expect((await t.runtime.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditTrail))[0]!.n).toBe(before);
  });

  it('does not let strangers write into an account’s trail: failed and throttled logins and reset-link requests are not written', async () => {
    const fresh = await signup(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(t, fresh.email, 'Wrong!Passw0rd', '192.0.2.77')).statusCode);
    expect(statuses).toContain(401);
    expect(statuses).toContain(429);
    await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: fresh.email } });
    const rows = await auditRowsOf(t, fresh.user.tenantId);
    expect(rows.map((r) => r.action)).toEqual(['Sign up']);
  });

  it('records a new invitation link and the joining, with the token redacted', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/client/members',
      headers: bearer(owner.jwt),
      payload: { name: 'Ivy', email: 'ivy.audit@example.com', admin: false, roleId },
    });
    const userId = invited.json().data.userId;
    await t.app.inject({ method: 'GET', url: `/api/client/members/${userId}/reset`, headers: bearer(owner.jwt) });
    expect(await latest()).toMatchObject({ action: 'Renew invitation link', method: 'GET', parameters: { id: userId }, status: 200 });
    const token = tokenOfLink((await invitationLinksTo(t, 'ivy.audit@example.com'))[0]!);
    await t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, name: 'Ivy Joined', password: STRONG_PASSWORD } });
    const row = await latest();
    expect(row).toMatchObject({ action: 'Accept invitation', userId, username: 'Ivy Joined', email: 'ivy.audit@example.com', status: 200 });
    expect(row.payload).toEqual({ token: '[redacted]', name: 'Ivy Joined', password: '[redacted]' });
  });

  it('leaves out reads: GETs, the token refresh and the trail search itself', async () => {
    const before = (await auditRowsOf(t, owner.user.tenantId)).length;
    await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(owner.jwt) });
    await t.app.inject({ method: 'GET', url: '/api/refresh', cookies: { refresh_token: owner.refresh } });
    await t.app.inject({ method: 'POST', url: '/api/trails', headers: bearer(owner.jwt), payload: {} });
    expect((await auditRowsOf(t, owner.user.tenantId)).length).toBe(before);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const row = await latest();
    const db = t.runtime.ctx.db;
    await expect(db.update(auditTrail).set({ status: 200 }).where(eq(auditTrail.id, row.id))).rejects.toThrow();
    await expect(db.delete(auditTrail).where(eq(auditTrail.id, row.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_trail`)).rejects.toThrow();
    const [still] = await db.select().from(auditTrail).where(eq(auditTrail.id, row.id));
    expect(still).toEqual(row);
  });

  it('never fails the caller’s request when the audit write fails', async () => {
    const { ctx } = t.runtime;
    // The same server on a database handle whose audit inserts fail.
    const failing = interceptAuditInserts(ctx.db, () => Promise.reject(new Error('audit storage is down')));
    const app = await buildApp({ ...ctx, db: failing }, { logger: false });
    try {
      const before = (await auditRowsOf(t, owner.user.tenantId)).length;
      const res = await app.inject({ method: 'POST', url: '/api/users/modules', headers: bearer(owner.jwt), payload: { module: 'alerts' } });
      expect(res.statusCode).toBe(200);
      await app.auditDrain();
      expect((await auditRowsOf(t, owner.user.tenantId)).length).toBe(before);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/trails and GET /api/trails/{id}', () => {
  let tenant: SignedIn;
  let alice: string;
  let instanceA: string;
  let instanceB: string;
  beforeAll(async () => {
    tenant = await signup(t, { fullname: 'Tess Tenant' });
    alice = newId();
    instanceA = await addInstance(t, tenant.user.tenantId, 'a');
    instanceB = await addInstance(t, tenant.user.tenantId, 'b');
    const now = t.clock.now().getTime();
    const row = (over: Partial<typeof auditTrail.$inferInsert>) => ({
      id: newId(),
      tenantId: tenant.user.tenantId,
      userId: alice,
      username: 'Alice Admin',
      email: 'alice@example.com',
      action: 'Invite member',
      method: 'POST',
      route: '/api/client/members',
      endpoint: '/api/client/members',
      parameters: {},
      payload: null,
      status: 201,
      requestId: 'r',
      ...over,
    });
    await insertAuditRows(t.runtime.ctx.db, [
      row({ createdAt: new Date(now - 8 * DAY), action: 'Delete role', method: 'DELETE' }),
      row({ createdAt: new Date(now - 2 * DAY) }),
      row({ createdAt: new Date(now - 1 * DAY), action: 'Update role', username: 'Bob Builder', email: 'bob@example.com', userId: newId() }),
      row({
        createdAt: new Date(now - 3 * 3600_000),
        action: 'Start, stop or terminate instance',
        route: '/api/managed-saas/instances/:id/actions',
        endpoint: `/api/managed-saas/instances/${instanceB}/actions`,
        instanceId: instanceB,
      }),
      row({
        createdAt: new Date(now - 2 * 3600_000),
        action: 'Update SSO configuration',
        route: '/api/managed-saas/instances/:id/config-sso',
        endpoint: `/api/managed-saas/instances/${instanceA}/config-sso`,
        instanceId: instanceA,
      }),
    ]);
  });

  const trails = (body: object | undefined, headers = bearer(tenant.jwt)) => t.app.inject({ method: 'POST', url: '/api/trails', headers, ...(body === undefined ? {} : { payload: body }) });
  const actions = (res: { json(): { data: { sessions: AuditEntry[] } } }) => res.json().data.sessions.map((s) => s.action);

  it('lists the last 7 days by default, newest first, 20 a page, with the count', async () => {
    const res = await trails({});
    expect(res.statusCode).toBe(200);
    const { sessions, count } = res.json().data;
    // The sign-up of this tenant is in the trail too.
    expect(count).toBe(5);
    expect(sessions.map((s: AuditEntry) => s.action)).toEqual(['Sign up', 'Update SSO configuration', 'Start, stop or terminate instance', 'Update role', 'Invite member']);
    for (const s of sessions) expect(auditEntrySchema.strict().parse(s)).toEqual(s);
    expect((await trails(undefined)).json().data.count).toBe(5);
    const all = await trails({ period: { start: t.clock.now().getTime() - 30 * DAY, end: t.clock.now().getTime() } });
    expect(all.json().data.count).toBe(6);
    expect(actions(await trails({ limit: 2, page: 2 }))).toEqual(['Start, stop or terminate instance', 'Update role']);
    expect((await trails({ limit: 101 })).statusCode).toBe(400);
    const backwards = await trails({ period: { start: 2, end: 1 } });
    expect(backwards.json()).toEqual({ errors: [AUDIT_MESSAGES.badPeriod], code: 'validation_failed' });
  });

  it('filters by user, action and text (name, email, action, endpoint)', async () => {
    expect((await trails({ userId: alice })).json().data.count).toBe(3);
    expect(actions(await trails({ action: 'Update role' }))).toEqual(['Update role']);
    expect(actions(await trails({ query: 'BOB@' }))).toEqual(['Update role']);
    expect(actions(await trails({ query: 'config-sso' }))).toEqual(['Update SSO configuration']);
    expect(actions(await trails({ query: 'tess' }))).toEqual(['Sign up']);
  });

  it('reads one entry; another account’s entry is 404', async () => {
    const [first] = (await trails({})).json().data.sessions as AuditEntry[];
    const res = await t.app.inject({ method: 'GET', url: `/api/trails/${first!.id}`, headers: bearer(tenant.jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(first);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/trails/${first!.id}`, headers: bearer(owner.jwt) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errors: [AUDIT_MESSAGES.notFound], code: 'not_found' });
  });

  it('hides calls on instances outside a scoped member’s reach, and needs VIEW_ACTIVITY', async () => {
    const scoped = await addMember(t, tenant.user.tenantId, { permissions: ['VIEW_ACTIVITY', 'VIEW_INSTANCES'], allInstances: false, instances: [instanceA] });
    const seen = actions(await trails({}, scoped.headers));
    expect(seen).toContain('Update SSO configuration');
    expect(seen).not.toContain('Start, stop or terminate instance');
    // Without an instances permission, no instance's entry (issue 42: the instance screens need one).
    const activityOnly = await addMember(t, tenant.user.tenantId, { permissions: ['VIEW_ACTIVITY'], allInstances: false, instances: [instanceA] });
    expect(actions(await trails({}, activityOnly.headers))).not.toContain('Update SSO configuration');
    const hidden = (await trails({ query: 'actions' })).json().data.sessions[0] as AuditEntry;
    expect((await t.app.inject({ method: 'GET', url: `/api/trails/${hidden.id}`, headers: scoped.headers })).statusCode).toBe(404);
    const other = await addMember(t, tenant.user.tenantId, { permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS', 'VIEW_ROLES'] });
    expect((await trails({}, other.headers)).statusCode).toBe(403);
  });
});
