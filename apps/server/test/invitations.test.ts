import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MEMBER_MESSAGES, MESSAGES, type TeamMember } from '@replay/contracts';
import { consoleActivities, refreshTokens, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { bearer, login, refresh, refreshCookieOf, signup, STRONG_PASSWORD, type SignedIn } from './support/auth';
import { invitationLinksTo, tokenFor, tokenOfLink } from './support/team';

let t: TestApp;
let owner: SignedIn;
let roleId: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
  owner = await signup(t, { organizationName: 'Initech' });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/client/roles',
    headers: bearer(owner.jwt),
    payload: { name: 'Instance Viewer', permissions: ['VIEW_INSTANCES'] },
  });
  roleId = res.json().data.roleId;
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
/** The owner's token, signed afresh: clock jumps of days outlive any access token. */
const ownerHeaders = async () => bearer(await tokenFor(t, owner.user));
let n = 0;
async function invite(): Promise<TeamMember> {
  n += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/members',
    headers: await ownerHeaders(),
    payload: { name: `Peter ${n}`, email: `peter.${n}.${Date.now()}@example.com`, admin: false, roleId },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const lookup = (token: string) => t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
const accept = (payload: object) => t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload });
const memberOf = async (userId: string): Promise<TeamMember> => (await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers: await ownerHeaders() })).json().data;

describe('the invitation link', () => {
  it('tells the joining page who is invited, to which account', async () => {
    const member = await invite();
    const [link] = await invitationLinksTo(t, member.email);
    const res = await lookup(tokenOfLink(link!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email: member.email, name: member.name, tenantName: 'Initech', expired: false } });
    expect((await lookup('not-a-token')).json()).toEqual({ errors: [MEMBER_MESSAGES.invitationInvalid], code: 'not_found' });
  });

  it('joins once, as the invited email (which the link proved: verifiedEmail), signed in exactly like a login', async () => {
    const member = await invite();
    const token = tokenOfLink((await invitationLinksTo(t, member.email))[0]!);
    const res = await accept({ token, name: 'Peter Gibbons', password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      userId: member.userId,
      email: member.email,
      name: 'Peter Gibbons',
      tenantName: 'Initech',
      roleName: 'Instance Viewer',
      permissions: ['VIEW_INSTANCES'],
      admin: false,
      superAdmin: false,
      hasPassword: true,
      verifiedEmail: true,
    });
    // A working access token and a refresh cookie, as POST /login hands out.
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(data.jwt) })).statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect((await refresh(t, refreshCookieOf(res))).statusCode).toBe(200);
    expect((await t.runtime.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.userId))).length).toBe(2);

    expect(await memberOf(member.userId)).toMatchObject({ joined: true, expiredInvitation: false, invitationLink: null });
    expect((await login(t, member.email, STRONG_PASSWORD, '198.51.100.7')).statusCode).toBe(200);

    const second = await accept({ token, name: 'Someone Else', password: STRONG_PASSWORD });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ errors: [MEMBER_MESSAGES.invitationInvalid], code: 'bad_request' });
    expect((await lookup(token)).statusCode).toBe(404);

    const [joined] = await t.runtime.ctx.db
      .select()
      .from(consoleActivities)
      .where(and(eq(consoleActivities.action, 'member.joined'), eq(consoleActivities.userId, member.userId)));
    expect(joined).toMatchObject({ tenantId: owner.user.tenantId, message: `Peter Gibbons (${member.email}) joined the team`, userName: 'Peter Gibbons' });
  });

  it('cannot be redirected to another email, and checks the name and the password strength', async () => {
    const member = await invite();
    const token = tokenOfLink((await invitationLinksTo(t, member.email))[0]!);
    const withEmail = await accept({ token, name: 'Peter', password: STRONG_PASSWORD, email: 'attacker@example.com' });
    expect(withEmail.statusCode).toBe(400);
    const weak = await accept({ token, name: 'Peter', password: 'weakpassword' });
    expect(weak.json()).toEqual({ errors: [MESSAGES.passwordStrength], code: 'validation_failed' });
    const badName = await accept({ token, name: 'Peter <script>', password: STRONG_PASSWORD });
    expect(badName.json()).toEqual({ errors: [MEMBER_MESSAGES.nameInvalid], code: 'validation_failed' });
    expect((await memberOf(member.userId)).joined).toBe(false);
    expect(await t.runtime.ctx.db.select().from(users).where(eq(users.email, 'attacker@example.com'))).toEqual([]);

    const ok = await accept({ token, name: 'Peter', password: STRONG_PASSWORD });
    expect(ok.json().data.user.email).toBe(member.email);
  });

  it('lasts 7 days; a new link clears the expired flag and the old link dies', async () => {
    const member = await invite();
    const oldToken = tokenOfLink((await invitationLinksTo(t, member.email))[0]!);
    t.clock.advance(7 * DAY - 60_000);
    expect((await lookup(oldToken)).json().data.expired).toBe(false);
    expect((await memberOf(member.userId)).expiredInvitation).toBe(false);

    t.clock.advance(2 * 60_000);
    expect((await lookup(oldToken)).json().data.expired).toBe(true);
    const expired = await memberOf(member.userId);
    expect(expired).toMatchObject({ joined: false, expiredInvitation: true, invitationLink: null });
    const late = await accept({ token: oldToken, name: 'Peter', password: STRONG_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ errors: [MEMBER_MESSAGES.invitationExpired], code: 'bad_request' });

    const reset = await t.app.inject({ method: 'GET', url: `/api/client/members/${member.userId}/reset`, headers: await ownerHeaders() });
    expect(reset.statusCode).toBe(200);
    const { invitationLink } = reset.json().data;
    expect(invitationLink).toMatch(/^https:\/\/console\.example\.com\/invitation\?token=[\w-]{43}$/);
    // The new link is mailed too, and is the one the Team screen offers for copying.
    expect((await invitationLinksTo(t, member.email))[0]).toBe(invitationLink);
    expect(await memberOf(member.userId)).toMatchObject({ expiredInvitation: false, invitationLink });

    expect((await lookup(oldToken)).statusCode).toBe(404);
    expect((await accept({ token: oldToken, name: 'Peter', password: STRONG_PASSWORD })).json()).toEqual({
      errors: [MEMBER_MESSAGES.invitationInvalid],
      code: 'bad_request',
    });
    const joined = await accept({ token: tokenOfLink(invitationLink), name: 'Peter', password: STRONG_PASSWORD });
    expect(joined.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'GET', url: `/api/client/members/${member.userId}/reset`, headers: await ownerHeaders() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [MEMBER_MESSAGES.alreadyJoined], code: 'conflict' });
  });

  it('lets only one of two simultaneous accepts through', async () => {
    const member = await invite();
    const token = tokenOfLink((await invitationLinksTo(t, member.email))[0]!);
    const results = await Promise.all([1, 2].map(() => accept({ token, name: 'Peter', password: STRONG_PASSWORD })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
