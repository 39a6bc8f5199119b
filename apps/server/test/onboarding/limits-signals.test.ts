import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, INSTANCE_MESSAGES, MEMBER_MESSAGES, SIGNALS_PER_MINUTE, SIGNAL_MESSAGES } from '@replay/contracts';
import { billingAccounts, uiSignals, users } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { appWithOwner } from '../support/owner';
import { addMember } from '../support/team';
import { createBody, createInstance, seedInstance } from '../instances/support';

/** GET /limits and its two enforcements (invite, instance create), POST /{projectId}/signals, GET /healthz. */
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Limits Corp' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const newRole = async (jwt: string) =>
  (await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(jwt), payload: { name: `R ${newId().slice(0, 8)}` } })).json().data.roleId as string;
const invite = (jwt: string, roleId: string) =>
  t.app.inject({ method: 'POST', url: '/api/client/members', headers: bearer(jwt), payload: { name: 'Seat Taker', email: `seat.${newId()}@example.com`, admin: false, roleId } });
const fillSeats = (tenantId: string, roleId: string, n: number) =>
  t.runtime.ctx.db.insert(users).values(Array.from({ length: n }, (_, i) => ({ id: newId(), tenantId, email: `fill.${i}.${newId()}@example.com`, name: `Fill ${i}`, roleId })));
async function giveBillingDetails(tenantId: string) {
  const now = t.clock.now();
  await t.runtime.ctx.db.insert(billingAccounts).values({
    tenantId,
    provider: 'offline',
    customerRef: `cus_${tenantId}`,
    paymentMethodRef: `pm_${tenantId}`,
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: 2099,
    name: 'Payer',
    address: { line1: '1 Road', line2: '', city: 'Town', postalCode: '1', state: '', country: 'FR' },
    createdAt: now,
    updatedAt: now,
  });
}

describe('GET /limits', () => {
  it('answers a trial account its trial limits, the owner holding a seat', async () => {
    const res = await get('/api/limits', owner.jwt);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      teamMember: { limit: ACCOUNT_LIMITS.trial.teamMembers, remaining: ACCOUNT_LIMITS.trial.teamMembers - 1 },
      sites: { limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites },
    });
    // The account answer carries the same figures.
    expect((await get('/api/account', owner.jwt)).json().data.limits).toEqual(res.json().data);
  });

  it('counts the projects of instances until they are terminated, and answers a billed account the billed limits', async () => {
    const billed = await signup(t, { organizationName: 'Billed Limits' });
    await giveBillingDetails(billed.user.tenantId);
    await seedInstance(t, billed.user.tenantId);
    await seedInstance(t, billed.user.tenantId, { status: 'terminated', deletedAt: t.clock.now() });
    expect((await get('/api/limits', billed.jwt)).json().data).toEqual({
      teamMember: { limit: ACCOUNT_LIMITS.billed.teamMembers, remaining: ACCOUNT_LIMITS.billed.teamMembers - 1 },
      sites: { limit: ACCOUNT_LIMITS.billed.sites, remaining: ACCOUNT_LIMITS.billed.sites - 1 },
    });
  });
});

describe('the limits enforced', () => {
  it('refuses an invite past the seat limit with 409 and its words, and GET /limits says none remain', async () => {
    const small = await signup(t, { organizationName: 'Full Team' });
    const roleId = await newRole(small.jwt);
    await fillSeats(small.user.tenantId, roleId, ACCOUNT_LIMITS.trial.teamMembers - 2);
    expect((await invite(small.jwt, roleId)).statusCode).toBe(201);
    const refused = await invite(small.jwt, roleId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: [MEMBER_MESSAGES.seatLimit(ACCOUNT_LIMITS.trial.teamMembers)], code: 'conflict' });
    expectErrorAnswerShape(refused);
    expect((await get('/api/limits', small.jwt)).json().data.teamMember).toEqual({ limit: ACCOUNT_LIMITS.trial.teamMembers, remaining: 0 });
    // Billing details raise the limit: the same invite now goes through.
    await giveBillingDetails(small.user.tenantId);
    expect((await invite(small.jwt, roleId)).statusCode).toBe(201);
  });

  it('refuses an instance past the billed account’s cap with 409 and its words', async () => {
    const busy = await signup(t, { organizationName: 'Busy Corp' });
    await giveBillingDetails(busy.user.tenantId);
    for (let i = 0; i < ACCOUNT_LIMITS.billed.instances - 1; i++) await seedInstance(t, busy.user.tenantId, { name: `Busy ${i}` });
    const last = await createInstance(t, busy.jwt, createBody());
    expect(last.statusCode).toBe(201);
    const refused = await createInstance(t, busy.jwt, createBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: [INSTANCE_MESSAGES.instanceLimit(ACCOUNT_LIMITS.billed.instances)], code: 'conflict' });
    // Each instance holds its default project, one site each.
    const sites = ACCOUNT_LIMITS.billed.instances;
    expect((await get('/api/limits', busy.jwt)).json().data.sites).toEqual({ limit: ACCOUNT_LIMITS.billed.sites, remaining: ACCOUNT_LIMITS.billed.sites - sites });
  });

  it('a trial account’s second instance is still a billing question (402), not the cap', async () => {
    const trial = await signup(t, { organizationName: 'Trial Second' });
    expect((await createInstance(t, trial.jwt, createBody())).statusCode).toBe(201);
    const second = await createInstance(t, trial.jwt, createBody());
    expect(second.statusCode).toBe(402);
  });
});

describe('POST /{projectId}/signals', () => {
  const signal = (projectId: string, jwt: string | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/${projectId}/signals`, headers: jwt ? bearer(jwt) : {}, payload: payload as object });
  const body = () => ({ timestamp: t.clock.now().getTime(), deviceType: 'desktop' });

  it('stores a signal about an instance of the caller’s account', async () => {
    const inst = await seedInstance(t, owner.user.tenantId, { name: 'Signalled' });
    const res = await signal(inst.instanceId, owner.jwt, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ accepted: true });
    const rows = await t.runtime.ctx.db.select().from(uiSignals).where(eq(uiSignals.instanceId, inst.instanceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: owner.user.tenantId, userId: owner.user.userId, deviceType: 'desktop' });
  });

  it('answers 404 for another account’s instance, an instance outside the member’s role, an unknown or malformed id', async () => {
    const other = await signup(t, { organizationName: 'Signal Stranger' });
    const theirs = await seedInstance(t, other.user.tenantId);
    const mine = await seedInstance(t, owner.user.tenantId, { name: 'Outside role' });
    const limited = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [] });
    for (const [id, jwt] of [
      [theirs.instanceId, owner.jwt],
      [mine.instanceId, limited.jwt],
      [newId(), owner.jwt],
      ['not-an-id', owner.jwt],
    ] as const) {
      const res = await signal(id, jwt, body());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [INSTANCE_MESSAGES.notFound], code: 'not_found' });
    }
    expect(await t.runtime.ctx.db.select().from(uiSignals).where(eq(uiSignals.instanceId, theirs.instanceId))).toEqual([]);
  });

  it('refuses bad input with 400 and a clear message, and no session with 401', async () => {
    const inst = await seedInstance(t, owner.user.tenantId);
    const bad = await signal(inst.instanceId, owner.jwt, { timestamp: body().timestamp, deviceType: 'toaster' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toContain('deviceType must be one of desktop, mobile, tablet, other.');
    const extra = await signal(inst.instanceId, owner.jwt, { ...body(), secret: 1 });
    expect(extra.statusCode).toBe(400);
    const skewed = await signal(inst.instanceId, owner.jwt, { ...body(), timestamp: t.clock.now().getTime() - 2 * 24 * 3_600_000 });
    expect(skewed.statusCode).toBe(400);
    expect(skewed.json()).toEqual({ errors: [SIGNAL_MESSAGES.clockSkew], code: 'bad_request' });
    expect((await signal(inst.instanceId, null, body())).statusCode).toBe(401);
  });

  it('limits a member to a human rate (429 with Retry-After)', async () => {
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    const inst = await seedInstance(t, owner.user.tenantId);
    for (let i = 0; i < SIGNALS_PER_MINUTE; i++) expect((await signal(inst.instanceId, member.jwt, body())).statusCode).toBe(201);
    const refused = await signal(inst.instanceId, member.jwt, body());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual([SIGNAL_MESSAGES.tooMany]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /healthz', () => {
  it('answers as /health does, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', database: 'ok' });
  });
});
