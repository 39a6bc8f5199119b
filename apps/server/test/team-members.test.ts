import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_LIMITS, MEMBER_MESSAGES, MESSAGES, teamMemberSchema, type TeamMember } from '@replay/contracts';
import { consoleActivities, users } from '../src/db/schema';
import { hashToken, newId } from '../src/lib/ids';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup, type SignedIn } from './support/auth';
import { addMember, invitationLinksTo, tokenOfLink, type Member } from './support/team';

let t: TestApp;
let owner: SignedIn;
let viewerRole: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
  owner = await signup(t, { organizationName: 'Acme' });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/client/roles',
    headers: bearer(owner.jwt),
    payload: { name: 'Member reader', permissions: ['VIEW_INSTANCES', 'VIEW_MEMBERS'] },
  });
  viewerRole = res.json().data.roleId;
});
afterAll(() => t.close());

const ownerHeaders = () => bearer(owner.jwt);
let n = 0;
const inviteBody = (over: Record<string, unknown> = {}) => {
  n += 1;
  return { name: `Jane Doe ${n}`, email: `jane.${n}.${Date.now()}@example.com`, admin: false, roleId: viewerRole, ...over };
};
const invite = (payload: object, headers = ownerHeaders()) => t.app.inject({ method: 'POST', url: '/api/client/members', headers, payload });
const list = (query: Record<string, string | number> = {}, headers = ownerHeaders()) =>
  t.app.inject({ method: 'GET', url: '/api/client/members', headers, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const LINK = /^https:\/\/console\.example\.com\/invitation\?token=([\w-]{43})$/;

describe('POST /api/client/members (invite)', () => {
  it('creates a pending member, mails the joining link, and records the activity', async () => {
    const body = inviteBody({ name: 'Zoë Ñúñez-Ol_1', email: 'Zoe.Nunez@Example.com' });
    const res = await invite(body);
    expect(res.statusCode).toBe(201);
    const member = res.json().data as TeamMember;
    expect(teamMemberSchema.strict().parse(member)).toEqual(member);
    expect(member).toMatchObject({
      name: 'Zoë Ñúñez-Ol_1',
      email: 'zoe.nunez@example.com',
      admin: false,
      superAdmin: false,
      joined: false,
      expiredInvitation: false,
      roleId: viewerRole,
      roleName: 'Member reader',
    });
    expect(member.invitationLink).toMatch(LINK);

    const [link] = await invitationLinksTo(t, 'zoe.nunez@example.com');
    expect(link).toBe(member.invitationLink);
    const token = tokenOfLink(link!);
    // 256 random bits; stored only as its hash and sealed, never in clear.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.runtime.ctx.db.select().from(users).where(eq(users.id, member.userId));
    expect(row!.invitationTokenHash).toBe(hashToken(token));
    expect(row!.invitationTokenSealed).not.toContain(token);
    expect(row!.passwordHash).toBeNull();
    expect(row!.joinedAt).toBeNull();
    expect(row!.invitationExpiresAt!.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);

    const [activity] = await t.runtime.ctx.db
      .select()
      .from(consoleActivities)
      .where(and(eq(consoleActivities.tenantId, owner.user.tenantId), eq(consoleActivities.action, 'member.invited')));
    expect(activity).toMatchObject({ message: 'Invited Zoë Ñúñez-Ol_1 (zoe.nunez@example.com) as Member reader', userName: 'Ada Lovelace' });
  });

  it.each([
    ['an empty name', { name: '  ' }, MESSAGES.required],
    ['a 51-character name', { name: 'a'.repeat(51) }, MESSAGES.tooLong(50)],
    ['a name with other characters', { name: 'Jane <b>' }, MEMBER_MESSAGES.nameInvalid],
    ['an invalid email', { email: 'jane@' }, MESSAGES.invalidEmail],
    ['a 321-character email', { email: `${'a'.repeat(309)}@example.com` }, MESSAGES.tooLong(320)],
    ['no role', { roleId: undefined }, MEMBER_MESSAGES.roleRequired],
    ['an unknown field', { joined: true }, undefined],
  ])('refuses %s with 400 and writes nothing', async (_label, over, message) => {
    const body = inviteBody(over);
    const res = await invite(body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().errors[0]).toBe(message);
    expect(await invitationLinksTo(t, String(body.email))).toEqual([]);
  });

  it('never assigns the protected Owner role', async () => {
    const res = await invite(inviteBody({ roleId: owner.user.roleId }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [MEMBER_MESSAGES.ownerRoleNotAssignable], code: 'forbidden' });
  });

  it('answers 404 for a role that is not the account’s', async () => {
    const other = await signup(t);
    const res = await invite(inviteBody({ roleId: other.user.roleId }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [MEMBER_MESSAGES.roleNotFound], code: 'not_found' });
    expect((await invite(inviteBody({ roleId: newId() }))).statusCode).toBe(404);
  });

  it('refuses an email already in use, here or in another account, whatever its case', async () => {
    const body = inviteBody();
    expect((await invite(body)).statusCode).toBe(201);
    const again = await invite(inviteBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [MEMBER_MESSAGES.emailTaken], code: 'conflict' });
    const other = await signup(t);
    expect((await invite(inviteBody({ email: other.email }))).json()).toEqual({ errors: [MEMBER_MESSAGES.emailTaken], code: 'conflict' });
  });

  it('stops at the seat limit of the account', async () => {
    const small = await signup(t);
    const db = t.runtime.ctx.db;
    // More seats fill the trial account's limit (the owner holds one).
    await db.insert(users).values(
      Array.from({ length: ACCOUNT_LIMITS.trial.teamMembers - 1 }, (_, i) => ({
        id: newId(),
        tenantId: small.user.tenantId,
        email: `seat.${i}.${small.user.tenantId}@example.com`,
        name: `Seat ${i}`,
        roleId: small.user.roleId,
      })),
    );
    const roleRes = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(small.jwt), payload: { name: 'R' } });
    const res = await invite(inviteBody({ roleId: roleRes.json().data.roleId }), bearer(small.jwt));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: [MEMBER_MESSAGES.seatLimit(ACCOUNT_LIMITS.trial.teamMembers)], code: 'conflict' });
    const limits = await t.app.inject({ method: 'GET', url: '/api/limits', headers: bearer(small.jwt) });
    expect(limits.json().data.teamMember).toEqual({ limit: ACCOUNT_LIMITS.trial.teamMembers, remaining: 0 });
  });
});

describe('GET /api/client/members', () => {
  let tenant: SignedIn;
  let viewer: Member;
  beforeAll(async () => {
    tenant = await signup(t, { fullname: 'Olive Owner' });
    const role = await t.app.inject({
      method: 'PUT',
      url: '/api/client/roles',
      headers: bearer(tenant.jwt),
      payload: { name: 'Support Desk', permissions: ['VIEW_MEMBERS'] },
    });
    const supportRole = role.json().data.roleId;
    viewer = await addMember(t, tenant.user.tenantId, { permissions: ['VIEW_MEMBERS'], name: 'Victor Viewer' });
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      const res = await invite({ name: `Person ${String(i).padStart(2, '0')}`, email: `person.${i}.${tenant.user.tenantId}@example.net`, admin: false, roleId: supportRole }, bearer(tenant.jwt));
      expect(res.statusCode).toBe(201);
    }
  });

  it('pages 10 at a time, oldest first, with the total', async () => {
    const first = await list({}, bearer(tenant.jwt));
    expect(first.statusCode).toBe(200);
    const { users: page1, total } = first.json().data;
    expect(total).toBe(14);
    expect(page1).toHaveLength(10);
    expect(page1[0]).toMatchObject({ name: 'Olive Owner', joined: true, superAdmin: true, roleName: 'Owner', invitationLink: null });
    const second = (await list({ page: 2 }, bearer(tenant.jwt))).json().data;
    expect(second.users.map((u: TeamMember) => u.name)).toEqual(['Person 09', 'Person 10', 'Person 11', 'Person 12']);
    expect((await list({ page: 2, limit: 5 }, bearer(tenant.jwt))).json().data.users).toHaveLength(5);
    expect((await list({ limit: 101 }, bearer(tenant.jwt))).statusCode).toBe(400);
  });

  it('filters by name, email or role name, case-insensitively, with wildcards taken literally', async () => {
    const names = async (query: string) => ((await list({ query, limit: 20 }, bearer(tenant.jwt))).json().data.users as TeamMember[]).map((u) => u.name);
    expect(await names('person 1')).toEqual(['Person 10', 'Person 11', 'Person 12']);
    expect(await names('PERSON.3.')).toEqual(['Person 03']);
    expect(await names('support desk')).toHaveLength(12);
    expect(await names('olive')).toEqual(['Olive Owner']);
    expect(await names('%')).toEqual([]);
    const filtered = (await list({ query: 'support', limit: 5 }, bearer(tenant.jwt))).json().data;
    expect(filtered.total).toBe(12);
  });

  it('shows invitation links only to EDIT_MEMBERS holders', async () => {
    const asOwner = (await list({ query: 'person 01' }, bearer(tenant.jwt))).json().data.users[0];
    expect(asOwner.invitationLink).toMatch(LINK);
    const asViewer = await list({ query: 'person 01' }, viewer.headers);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json().data.users[0]).toMatchObject({ name: 'Person 01', invitationLink: null, joined: false });
  });

  it('reads one member with GET /api/users/{id}, and 404 for anyone else', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${viewer.userId}`, headers: bearer(tenant.jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: viewer.userId, name: 'Victor Viewer', joined: true });
    for (const id of [owner.user.userId, newId()]) {
      const other = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(tenant.jwt) });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ errors: [MEMBER_MESSAGES.memberNotFound], code: 'not_found' });
    }
  });
});

describe('PUT and DELETE /api/client/members/{id}', () => {
  it('renames and changes the role, keeping the email read-only', async () => {
    const invited = (await invite(inviteBody())).json().data as TeamMember;
    const other = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: ownerHeaders(), payload: { name: 'Auditor' } });
    const auditor = other.json().data.roleId;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/client/members/${invited.userId}`, headers: ownerHeaders(), payload });
    const res = await put({ name: 'Jane Renamed', email: invited.email.toUpperCase(), admin: true, roleId: auditor });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Jane Renamed', email: invited.email, admin: true, roleId: auditor, roleName: 'Auditor' });
    const moved = await put({ name: 'Jane', email: 'someone.else@example.com', admin: true, roleId: auditor });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ errors: [MEMBER_MESSAGES.emailReadOnly], code: 'bad_request' });
    const messages = await t.runtime.ctx.db
      .select({ message: consoleActivities.message })
      .from(consoleActivities)
      .where(and(eq(consoleActivities.tenantId, owner.user.tenantId), eq(consoleActivities.action, 'member.updated')));
    expect(messages.map((m) => m.message)).toContain(`Changed the role of Jane Renamed (${invited.email}) to Auditor`);
  });

  it('removes a member: gone from the list, the link dead, the activity recorded', async () => {
    const invited = (await invite(inviteBody())).json().data as TeamMember;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/client/members/${invited.userId}`, headers: ownerHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${invited.userId}`, headers: ownerHeaders() })).statusCode).toBe(404);
    const token = tokenOfLink(invited.invitationLink!);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/client/members/${invited.userId}`, headers: ownerHeaders() });
    expect(again.statusCode).toBe(404);
    const [activity] = await t.runtime.ctx.db
      .select()
      .from(consoleActivities)
      .where(and(eq(consoleActivities.tenantId, owner.user.tenantId), eq(consoleActivities.action, 'member.removed')));
    expect(activity!.message).toBe(`Removed member ${invited.name} (${invited.email})`);
    // The email is free again: the person can be invited anew.
    expect((await invite(inviteBody({ email: invited.email }))).statusCode).toBe(201);
  });
});
