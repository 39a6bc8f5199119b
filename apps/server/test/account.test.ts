import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES, AVATAR_ICONS, AVATAR_MESSAGES, MESSAGES, PERMISSIONS, TRIAL_DAYS, accountSchema, type Account, ACCOUNT_LIMITS } from '@replay/contracts';
import { domainEvents, roles, tenants, users } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { hashPassword } from '../src/lib/password-hash';
import { createTestApp, type TestApp } from './support/app';
import { bearer, login, refresh, refreshCookieOf, signup, type SignedIn } from './support/auth';
import { auditRowsOf, sessionsOf } from './support/team';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const getAccount = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });

/** A second, non-admin member of the owner's tenant, with a role granting one permission. */
async function addMember(owner: SignedIn, opts: { admin?: boolean } = {}) {
  const db = t.runtime.ctx.db;
  const roleId = newId();
  await db.insert(roles).values({ id: roleId, tenantId: owner.user.tenantId, name: `Viewer ${roleId}`, permissions: ['VIEW_INSTANCES'] });
  const email = `member.${roleId}@example.com`;
  const password = 'Member!Passw0rd';
  await db.insert(users).values({
    id: newId(),
    tenantId: owner.user.tenantId,
    email,
    name: 'Member',
    passwordHash: await hashPassword(password),
    admin: opts.admin ?? false,
    roleId,
    joinedAt: t.clock.now(),
  });
  const res = await login(t, email, password, '203.0.113.9');
  const data = res.json().data as { user: Account; jwt: string };
  return { ...data, email, password };
}

describe('GET /api/account', () => {
  it('answers every Account field for a fresh owner', async () => {
    const owner = await signup(t);
    const res = await getAccount(owner.jwt);
    expect(res.statusCode).toBe(200);
    const account = res.json().data as Account;
    expect(accountSchema.strict().parse(account)).toEqual(account);
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, account.tenantId));
    expect(account).toEqual({
      userId: owner.user.userId,
      name: 'Ada Lovelace',
      email: owner.email,
      avatar: null,
      roleId: expect.any(String),
      roleName: 'Owner',
      admin: true,
      superAdmin: true,
      permissions: [...PERMISSIONS],
      isTrial: true,
      remainingTrial: TRIAL_DAYS,
      trialEndsAt: tenant!.trialEndsAt.getTime(),
      instanceCount: 0,
      hasBillingDetails: false,
      edition: 'foss',
      tenantName: 'Analytical Engines',
      tenantId: tenant!.id,
      tenantKey: tenant!.tenantKey,
      apiKey: null,
      smtp: false,
      plan: { type: 'trial', remaingSessions: null, billingSetup: false, remainingTrialDays: TRIAL_DAYS },
      settings: { modules: [] },
      hasPassword: true,
      changePassword: false,
      mfaRequired: false,
      mfaEnrolmentRequired: false,
      // A trial account's limits (ACCOUNT_LIMITS.trial): the owner holds one seat, no instance yet.
      limits: {
        teamMember: { limit: ACCOUNT_LIMITS.trial.teamMembers, remaining: ACCOUNT_LIMITS.trial.teamMembers - 1 },
        sites: { limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites },
      },
      banner: null,
      // Signing up proves nothing about the mailbox: only a link mailed there does (an invitation, a reset).
      verifiedEmail: false,
      license: null,
      expirationDate: tenant!.trialEndsAt.getTime(),
      iceServers: null,
      optOut: false,
      createdAt: expect.any(Number),
    });
  });

  it('counts trial days down, rounding up, and stays a trial at 0 days', async () => {
    const owner = await signup(t);
    // Access tokens outlive no clock jump, so each look signs in afresh.
    const look = async () => {
      const { jwt } = (await login(t, owner.email, owner.password, '203.0.113.1')).json().data as { jwt: string };
      return (await getAccount(jwt)).json().data as Account;
    };
    t.clock.advance(DAY / 2);
    expect((await look()).remainingTrial).toBe(TRIAL_DAYS);
    t.clock.advance(DAY);
    expect((await look()).remainingTrial).toBe(TRIAL_DAYS - 1);
    t.clock.advance(8 * DAY);
    const ended = await look();
    expect(ended.remainingTrial).toBe(0);
    expect(ended.isTrial).toBe(true);
    expect(ended.plan).toMatchObject({ type: 'trial', remainingTrialDays: 0 });
    expect(ended.expirationDate).toBe(ended.trialEndsAt);
  });

  it('shows a member their own role, permissions and flags, and the seats left', async () => {
    const owner = await signup(t);
    const member = await addMember(owner);
    expect(member.user).toMatchObject({ admin: false, superAdmin: false, permissions: ['VIEW_INSTANCES'], tenantId: owner.user.tenantId });
    expect(member.user.roleName).toMatch(/^Viewer /);
    expect(member.user.limits.teamMember).toEqual({ limit: ACCOUNT_LIMITS.trial.teamMembers, remaining: ACCOUNT_LIMITS.trial.teamMembers - 2 });
  });

  it('shows the account’s project key to its admins only, and no account-wide API key to anyone', async () => {
    const owner = await signup(t);
    const member = await addMember(owner);
    expect(member.user).toMatchObject({ apiKey: null, tenantKey: null });
    expect((await getAccount(member.jwt)).json().data).toMatchObject({ apiKey: null, tenantKey: null });
    const admin = await addMember(owner, { admin: true });
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, owner.user.tenantId));
    expect((await getAccount(admin.jwt)).json().data).toMatchObject({ apiKey: null, tenantKey: tenant!.tenantKey });
    expect(owner.user.apiKey).toBeNull();
  });

  it('says hasPassword false for a user without one', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.user.userId));
    expect((await getAccount(owner.jwt)).json().data.hasPassword).toBe(false);
  });
});

describe('POST /api/account', () => {
  it('updates the user name and the organization name', async () => {
    const owner = await signup(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(owner.jwt),
      payload: { name: '  Ada King ', tenantName: 'Engines Ltd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ada King', tenantName: 'Engines Ltd' });
    const [user] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, owner.user.tenantId));
    expect(user!.name).toBe('Ada King');
    expect(tenant!.name).toBe('Engines Ltd');
  });

  it('answers 400 for names over 50 characters, empty names and unknown fields, changing nothing', async () => {
    const owner = await signup(t);
    const cases = [
      [{ name: 'x'.repeat(51), tenantName: 'Org' }, MESSAGES.tooLong(50)],
      [{ name: 'Ada', tenantName: '' }, MESSAGES.required],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account', headers: bearer(owner.jwt), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: [message], code: 'validation_failed' });
    }
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(owner.jwt),
      payload: { name: 'Ada', tenantName: 'Org', email: 'x@example.com' },
    });
    expect(extra.statusCode).toBe(400);
    const [user] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    expect(user).toMatchObject({ name: 'Ada Lovelace', email: owner.email });
  });

  it('lets a member rename themselves but not the organization (403); an admin member may', async () => {
    const owner = await signup(t);
    const member = await addMember(owner);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(member.jwt),
      payload: { name: 'Renamed', tenantName: 'Analytical Engines' },
    });
    expect(self.statusCode).toBe(200);
    expect(self.json().data.name).toBe('Renamed');
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(member.jwt),
      payload: { name: 'Renamed', tenantName: 'Hijacked' },
    });
    expect(org.statusCode).toBe(403);
    const [tenant] = await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, owner.user.tenantId));
    expect(tenant!.name).toBe('Analytical Engines');

    const admin = await addMember(owner, { admin: true });
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(admin.jwt),
      payload: { name: 'Admin', tenantName: 'Engines Co' },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.tenantName).toBe('Engines Co');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account', payload: { name: 'a', tenantName: 'b' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/account/avatar', () => {
  const setAvatar = (jwt: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/account/avatar', headers: bearer(jwt), payload: payload as object });

  it('offers 22 avatar icons', () => {
    expect(AVATAR_ICONS).toHaveLength(22);
    expect(new Set(AVATAR_ICONS).size).toBe(22);
  });

  it('stores the member’s own icon, shows it in the account and the team list, records it (audit, event), and goes back to initials with null', async () => {
    const owner = await signup(t);
    const member = await addMember(owner);
    const res = await setAvatar(member.jwt, { avatar: 'rocket' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: member.user.userId, avatar: 'rocket' });
    const [row] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, member.user.userId));
    expect(row!.avatar).toBe('rocket');
    // Only the caller's own row changed.
    const [ownerRow] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    expect(ownerRow!.avatar).toBeNull();
    expect((await getAccount(member.jwt)).json().data.avatar).toBe('rocket');

    const team = await t.app.inject({ method: 'GET', url: '/api/client/members', headers: bearer(owner.jwt) });
    const avatars = Object.fromEntries((team.json().data.users as { userId: string; avatar: string | null }[]).map((u) => [u.userId, u.avatar]));
    expect(avatars).toEqual({ [owner.user.userId]: null, [member.user.userId]: 'rocket' });

    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Change avatar' && r.status === 200 && r.userId === member.user.userId)).toHaveLength(1);
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'account.avatar_changed')));
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ avatar: 'rocket', actor: { userId: member.user.userId, name: 'Member' } })]);

    const back = await setAvatar(member.jwt, { avatar: null });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.avatar).toBeNull();
    const [after] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, member.user.userId));
    expect(after!.avatar).toBeNull();
  });

  it('answers 400 for a name not in the catalogue, a missing one and unknown fields, changing nothing', async () => {
    const owner = await signup(t);
    await setAvatar(owner.jwt, { avatar: 'cat' });
    for (const payload of [{ avatar: 'unicorn' }, { avatar: 'Cat' }, { avatar: 3 }, {}]) {
      const res = await setAvatar(owner.jwt, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: [AVATAR_MESSAGES.unknown], code: 'validation_failed' });
    }
    const extra = await setAvatar(owner.jwt, { avatar: 'dog', userId: owner.user.userId });
    expect(extra.statusCode).toBe(400);
    const [row] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    expect(row!.avatar).toBe('cat');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/avatar', payload: { avatar: 'cat' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  const change = (owner: SignedIn, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(owner.jwt),
      cookies: cookie ? { refresh_token: cookie } : {},
      payload,
    });

  it('refuses a wrong old password with 400 and the spec wording', async () => {
    const owner = await signup(t);
    const res = await change(owner, { oldPassword: 'Wrong!Passw0rd', newPassword: 'New!Passw0rd1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.wrongOldPassword], code: 'bad_request' });
    expect(res.json()).toEqual({ errors: ['Old password is incorrect.'], code: 'bad_request' });
  });

  it('refuses a weak new password with the strength message', async () => {
    const owner = await signup(t);
    const res = await change(owner, { oldPassword: owner.password, newPassword: 'weakpassword' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [MESSAGES.passwordStrength], code: 'validation_failed' });
    expect((await login(t, owner.email, owner.password, '203.0.113.2')).statusCode).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const owner = await signup(t);
    const other = await login(t, owner.email, owner.password, '203.0.113.3');
    const otherCookie = refreshCookieOf(other)!;
    const res = await change(owner, { oldPassword: owner.password, newPassword: 'New!Passw0rd1' }, owner.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe(owner.user.userId);

    expect((await login(t, owner.email, owner.password, '203.0.113.3')).statusCode).toBe(401);
    expect((await login(t, owner.email, 'New!Passw0rd1', '203.0.113.3')).statusCode).toBe(200);
    expect((await refresh(t, otherCookie)).statusCode).toBe(401);
    expect((await refresh(t, owner.refresh)).statusCode).toBe(200);
    const [user] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, owner.user.userId));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('keeps the session its access token belongs to, cookie or not, and ends every other one at once', async () => {
    const owner = await signup(t);
    const other = await login(t, owner.email, owner.password, '203.0.113.4');
    const otherJwt = other.json().data.jwt as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(otherJwt) })).statusCode).toBe(200);
    expect((await change(owner, { oldPassword: owner.password, newPassword: 'New!Passw0rd1' })).statusCode).toBe(200);
    // The other device's access token is refused on its very next request, long before it expires.
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(otherJwt) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) })).statusCode).toBe(200);
    const signIns = await sessionsOf(t, owner.user.userId);
    expect(signIns.map((r) => r.revokedAt !== null)).toEqual([false, true]);
  });
});
