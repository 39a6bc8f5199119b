import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, MESSAGES, OWNER_ROLE_NAME, PERMISSIONS, STARTER_ROLES, TRIAL_DAYS, DAY_MS } from '@replay/contracts';
import { refreshTokens, roles, tenants, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { bearer, freshAddress, refreshCookieOf, signupBody } from './support/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countRows = async () => {
  const db = t.runtime.ctx.db;
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [tn] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return { users: u!.n, tenants: tn!.n };
};

describe('POST /api/signup', () => {
  it('creates the tenant, its protected Owner role with all nine permissions, the starter roles, and the owner', async () => {
    const before = t.clock.now();
    const body = signupBody({ email: 'Grace.Hopper@Example.com', organizationName: 'Navy Labs' });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(typeof data.jwt).toBe('string');
    expect(data.user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'grace.hopper@example.com',
      tenantName: 'Navy Labs',
      roleName: OWNER_ROLE_NAME,
      admin: true,
      superAdmin: true,
      permissions: [...PERMISSIONS],
      isTrial: true,
      remainingTrial: TRIAL_DAYS,
      hasPassword: true,
    });

    const db = t.runtime.ctx.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.id, data.user.tenantId));
    expect(tenant!.name).toBe('Navy Labs');
    expect(tenant!.tenantKey).toMatch(/^[A-Za-z0-9]{20}$/);
    // No account-wide API key is made: API calls use named keys (GET/POST /client/api-keys).
    expect(tenant).not.toHaveProperty('apiKey');
    const trialMs = tenant!.trialEndsAt.getTime() - before.getTime();
    expect(Math.abs(trialMs - TRIAL_DAYS * DAY_MS)).toBeLessThan(60_000);

    const tenantRoles = await db.select().from(roles).where(eq(roles.tenantId, tenant!.id));
    const ownerRole = tenantRoles.find((r) => r.protected)!;
    expect(ownerRole).toMatchObject({ name: OWNER_ROLE_NAME, protected: true, allInstances: true });
    expect([...ownerRole.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(ownerRole.permissions).toHaveLength(9);
    // Beside it, the starter roles a team needs on day one: ordinary roles, on every instance.
    const starters = tenantRoles.filter((r) => !r.protected).map((r) => ({ name: r.name, permissions: r.permissions, allInstances: r.allInstances }));
    expect(starters.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Administrator', permissions: [...PERMISSIONS], allInstances: true },
      { name: 'Billing', permissions: ['VIEW_BILLING', 'EDIT_BILLING'], allInstances: true },
      { name: 'Developer', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY'], allInstances: true },
      { name: 'Viewer', permissions: ['VIEW_INSTANCES', 'VIEW_ACTIVITY'], allInstances: true },
    ]);
    expect(tenantRoles).toHaveLength(1 + STARTER_ROLES.length);

    const [user] = await db.select().from(users).where(eq(users.tenantId, tenant!.id));
    expect(user).toMatchObject({ email: 'grace.hopper@example.com', admin: true, superAdmin: true, roleId: ownerRole.id });
    expect(user!.joinedAt).not.toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sets an httpOnly, strict refresh cookie scoped to /api, stored only as a hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 30 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy();
    const rows = await t.runtime.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, res.json().data.user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(cookie.value);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers with a token that opens GET /api/account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody() });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(res.json().data.jwt) });
    expect(account.statusCode).toBe(200);
    expect(account.json().data.userId).toBe(res.json().data.user.userId);
  });

  it('refuses an email already in use, whatever its case, with 409', async () => {
    const body = signupBody();
    expect((await t.app.inject({ method: 'POST', url: '/api/signup', payload: body })).statusCode).toBe(201);
    const before = await countRows();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...body, email: body.email.toUpperCase(), organizationName: 'Other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [AUTH_MESSAGES.emailTaken], code: 'conflict' });
    expect(await countRows()).toEqual(before);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const body = signupBody();
    const results = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/signup', payload: body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a short password', { password: 'Ab1!' }, MESSAGES.passwordTooShort],
    ['a weak password', { password: 'abcdefgh' }, MESSAGES.passwordStrength],
    ['an invalid email', { email: 'not-an-email' }, MESSAGES.invalidEmail],
    ['an empty name', { fullname: '  ' }, MESSAGES.required],
    ['a 51-character organization', { organizationName: 'x'.repeat(51) }, MESSAGES.tooLong(50)],
  ])('answers 400 for %s with the spec message and writes nothing', async (_label, override, message) => {
    const before = await countRows();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...signupBody(), ...override } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [message], code: 'validation_failed' });
    expect(await countRows()).toEqual(before);
  });

  it('refuses an unknown body field with 400 and writes nothing', async () => {
    const before = await countRows();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...signupBody(), admin: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain('admin');
    expect(await countRows()).toEqual(before);
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('accepts the optional projectName and captcha fields while the captcha is off', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...signupBody(), projectName: 'My first project', 'g-recaptcha-response': '' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('makes the account with the tenantId the client chose, and refuses one in use with 409, writing nothing', async () => {
    const tenantId = crypto.randomUUID();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...signupBody({ email: 'chosen@example.com' }), tenantId, auth: 'password' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.tenantId).toBe(tenantId);
    const [row] = await t.runtime.ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    expect(row).toBeDefined();

    const before = await countRows();
    const again = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...signupBody({ email: 'second@example.com' }), tenantId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([AUTH_MESSAGES.accountIdTaken]);
    expect(await countRows()).toEqual(before);
  });

  it('takes the spec\'s payload with every field and tenantId "" (issue 42): an empty id is no id, and a fresh one is made', async () => {
    // Spec section 6: "Signup payload: tenantId, fullname, password, email, projectName, organizationName, auth, g-recaptcha-response".
    const payload = {
      tenantId: '',
      fullname: 'Spec Payload',
      password: 'Str0ng!Passw0rd',
      email: 'spec.payload@example.com',
      projectName: 'Spec project',
      organizationName: 'Spec Org',
      auth: 'password',
      'g-recaptcha-response': '',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload, remoteAddress: freshAddress() });
    expect(res.statusCode, res.body).toBe(201);
    const tenantId = res.json().data.user.tenantId as string;
    expect(tenantId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [row] = await t.runtime.ctx.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    expect(row?.name).toBe('Spec Org');
  });

  it('refuses a tenantId that is not a UUID and an auth other than a password with 400, writing nothing', async () => {
    const before = await countRows();
    for (const [extra, message] of [
      [{ tenantId: 'not-a-uuid' }, AUTH_MESSAGES.invalidAccountId],
      [{ tenantId: ' ' }, AUTH_MESSAGES.invalidAccountId],
      [{ auth: 'google' }, AUTH_MESSAGES.passwordSignupOnly],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...signupBody({ email: 'refused@example.com' }), ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    expect(await countRows()).toEqual(before);
  });
});

describe('isUniqueViolation', () => {
  it('recognises the database unique violation through the ORM wrapping', async () => {
    const { isUniqueViolation } = await import('../src/lib/db-errors');
    const [existing] = await t.runtime.ctx.db.select().from(tenants).limit(1);
    const err = await t.runtime.ctx.db
      .insert(tenants)
      .values({ ...existing!, id: crypto.randomUUID() })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});
