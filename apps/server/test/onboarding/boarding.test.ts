import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Boarding, type Instance } from '@replay/contracts';
import { onboardingFacts } from '../../src/db/schema';
import { loadPrincipal } from '../../src/lib/principal';
import { createOnboardingService } from '../../src/modules/onboarding/onboarding.service';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { addMember } from '../support/team';
import { api, appWithRunningInstance, tempInstancesDir, until } from '../instances/support';

/**
 * Getting started from the account's real state: a real agent receives a recording
 * without, then with, a user id (as a tracker sends them), a second member joins, and
 * the Integrations step follows the webhooks door the composition gives the service.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
let projectKey: string;

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Boarding Corp', instance: { name: 'Boarded' } }));
  const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
  projectKey = account.json().data.tenantKey;
}, 90_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

const boarding = async (jwt = owner.jwt) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/boarding', headers: bearer(jwt) });
  expect(res.statusCode).toBe(200);
  return res.json().data as Boarding;
};
const doneOf = (b: Boarding) => Object.fromEntries(b.tasks.map((x) => [x.task, x.done]));

/** A tracker's batch: the account's project key, and the user id once the page called tracker.setUserID(...). */
const track = (sessionId: string, userId?: string) =>
  fetch(`${inst.instanceUrl!.replace('//localhost:', '//127.0.0.1:')}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}` },
    body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: Date.now(), data: { source: 2, type: 2, id: 1 } }], ...(userId ? { userId } : {}) }),
  });

describe('GET /boarding', () => {
  it('lists the four steps in order, all pending for a new account', async () => {
    expect(await boarding()).toEqual({
      tasks: [
        { task: 'Install', done: false },
        { task: 'Identify Users', done: false },
        { task: 'Invite Team Members', done: false },
        { task: 'Integrations', done: false },
      ],
    });
  });

  it('Install is done once the instance received a recording; Identify Users only once one carried a user id', async () => {
    expect((await track('anonymous-1')).status).toBe(202);
    expect(doneOf(await boarding())).toEqual({ Install: true, 'Identify Users': false, 'Invite Team Members': false, Integrations: false });
    expect((await track('known-1', 'user-42')).status).toBe(202);
    expect(doneOf(await boarding())).toMatchObject({ Install: true, 'Identify Users': true });
  });

  it('keeps the steps done after the instance stops (the facts are kept by the console)', { timeout: 60_000 }, async () => {
    const [facts] = await t.runtime.ctx.db.select().from(onboardingFacts).where(eq(onboardingFacts.tenantId, owner.user.tenantId));
    expect(facts!.dataReceivedAt).not.toBeNull();
    expect(facts!.identifiedAt).not.toBeNull();
    await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'stop' });
    await until(
      async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data as Instance,
      (i) => i.status === 'stopped' && !i.inProgress,
      30_000,
      'stopped',
    );
    expect(doneOf(await boarding())).toMatchObject({ Install: true, 'Identify Users': true });
  });

  it('Invite Team Members is done when another member has joined, not when one is only invited', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/client/members',
      headers: bearer(owner.jwt),
      payload: { name: 'Pending Person', email: `pending.${Date.now()}@example.com`, admin: false, roleId: await newRole() },
    });
    expect(invited.statusCode).toBe(201);
    expect(doneOf(await boarding())['Invite Team Members']).toBe(false);
    const member = await addMember(t, owner.user.tenantId, { permissions: [] });
    expect(doneOf(await boarding())['Invite Team Members']).toBe(true);
    // Any member of the account sees the account's checklist.
    expect(doneOf(await boarding(member.jwt))).toEqual({ Install: true, 'Identify Users': true, 'Invite Team Members': true, Integrations: false });
  });

  it('says nothing of another account: its own steps are pending', async () => {
    const other = await signup(t, { organizationName: 'Other Boarding' });
    expect(doneOf(await boarding(other.jwt))).toEqual({ Install: false, 'Identify Users': false, 'Invite Team Members': false, Integrations: false });
  });

  it('Integrations follows the webhooks door given to the service', async () => {
    const ctx = t.runtime.ctx;
    const asked: string[] = [];
    const service = createOnboardingService({
      db: ctx.db,
      clock: t.clock,
      driver: ctx.driver,
      instances: t.app.services.instances,
      hasWebhooks: async (tenantId) => {
        asked.push(tenantId);
        return true;
      },
    });
    const answer = await service.boarding((await loadPrincipal(ctx.db, owner.user.userId, owner.user.tenantId))!);
    expect(answer.tasks.find((x) => x.task === 'Integrations')).toEqual({ task: 'Integrations', done: true });
    expect(asked).toEqual([owner.user.tenantId]);
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/boarding' });
    expect(res.statusCode).toBe(401);
  });
});

/** A role the owner may give: the invite form's own list. */
async function newRole(): Promise<string> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: `Invitee ${Date.now()}` } });
  return res.json().data.roleId as string;
}
