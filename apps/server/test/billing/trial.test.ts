import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, INSTANCE_MESSAGES, OFFLINE_TEST_CARDS, OFFLINE_TOKENS_PATH, TRIAL_DATA_KEPT_DAYS } from '@replay/contracts';
import { instances } from '../../src/db/schema';
import { billingJob } from '../../src/modules/billing/billing.jobs';
import { runTrialRound } from '../../src/modules/billing/billing.trial';
import { trialInstancesOf } from '../../src/modules/instances/core/instances.trial-end';
import { latestMail } from '../../src/mail/outbox';
import type { TestApp } from '../support/app';
import { login, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { activityRecords, api, seedInstance, setStatus } from '../instances/support';

/**
 * The trial's end without billing details: a mail 3 days and 1 day before (once each), then
 * at the end a mail, the running instances stopped through the workflow and their start
 * refused until billing details exist, and 30 days later the stopped ones terminated (unless
 * protected). An account with billing details is never touched.
 */
let t: TestApp;
let owner: SignedIn;
let payer: SignedIn;
const woken: string[] = [];
const round = () =>
  runTrialRound({
    db: t.runtime.ctx.db,
    clock: t.clock,
    mailer: t.runtime.ctx.mailer,
    // The instances' side as the core builds it, its workflow sends recorded here.
    instances: trialInstancesOf({ db: t.runtime.ctx.db, clock: t.clock, enqueue: async (id) => void woken.push(id) }),
    productName: 'Replay',
    publicUrl: 'http://localhost:3000',
  });
const mailsTo = async (email: string) => (await latestMail(t.runtime.ctx.db, 200)).filter((m) => m.to === email).map((m) => m.subject);
const statusOf = async (id: string) => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, id)))[0]!;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Trial Corp' }));
  payer = await signup(t, { organizationName: 'Paying Corp' });
  const token = (await t.app.inject({ method: 'POST', url: OFFLINE_TOKENS_PATH, payload: { number: OFFLINE_TEST_CARDS.success, expMonth: 12, expYear: 2040, cvc: '123' } })).json().id;
  const saved = await api(t, payer.jwt).post('/plans/billing', { name: 'Payer', cardToken: token, address: { line1: '1 Road', city: 'Town', postalCode: '1', country: 'FR' } });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the trial’s end without billing details', () => {
  let free: string;
  let guarded: string;
  let paid: string;

  it('mails the owner 3 days before, once however many rounds run', async () => {
    free = (await seedInstance(t, owner.user.tenantId, { freeTrial: true })).instanceId;
    guarded = (await seedInstance(t, owner.user.tenantId, { status: 'stopped', isProtected: true })).instanceId;
    paid = (await seedInstance(t, payer.user.tenantId)).instanceId;
    t.clock.advance(4.5 * DAY_MS);
    expect(await round()).toEqual({ notices: 1, stopped: 0, terminated: 0 });
    expect(await round()).toEqual({ notices: 0, stopped: 0, terminated: 0 });
    expect(await mailsTo(owner.email)).toEqual(['Your Replay free trial ends in 3 days']);
  });

  it('mails again 1 day before', async () => {
    t.clock.advance(1.7 * DAY_MS);
    expect(await round()).toEqual({ notices: 1, stopped: 0, terminated: 0 });
    expect(await mailsTo(owner.email)).toEqual(['Your Replay free trial ends in 1 day', 'Your Replay free trial ends in 3 days']);
  });

  it('at the end, stops the running instances through the workflow and refuses to start them until billing details exist', async () => {
    t.clock.advance(1 * DAY_MS);
    expect(await round()).toEqual({ notices: 1, stopped: 1, terminated: 0 });
    expect(await round()).toEqual({ notices: 0, stopped: 0, terminated: 0 });
    expect((await statusOf(free)).status).toBe('stopping');
    expect(woken).toEqual([free]);
    expect((await activityRecords(t, free, 'stop')).map((r) => [r.userName, r.comments])).toEqual([['System', 'Stopped: the free trial ended without billing details']]);
    expect((await mailsTo(owner.email))[0]).toBe('Your Replay free trial has ended');
    expect((await statusOf(paid)).status).toBe('running');
    await setStatus(t, free, 'stopped', { inProgress: false });
    const jwt = (await login(t, owner.email, owner.password)).json().data.jwt as string;
    const start = await api(t, jwt).post(`/managed-saas/instances/${free}/actions`, { action: 'start' });
    expect([start.statusCode, start.json()]).toEqual([402, { errors: [INSTANCE_MESSAGES.trialEndedStart], code: 'billing_required' }]);
    const account = (await api(t, jwt).get('/account')).json().data;
    expect(account).toMatchObject({ isTrial: true, remainingTrial: 0 });
  });

  it(`terminates the stopped instances ${TRIAL_DATA_KEPT_DAYS} days later, except those under termination protection`, async () => {
    t.clock.advance((TRIAL_DATA_KEPT_DAYS - 1) * DAY_MS);
    expect(await round()).toEqual({ notices: 0, stopped: 0, terminated: 0 });
    t.clock.advance(1.1 * DAY_MS);
    expect(await round()).toEqual({ notices: 0, stopped: 0, terminated: 1 });
    expect((await statusOf(free)).status).toBe('terminating');
    expect((await statusOf(guarded)).status).toBe('stopped');
    expect((await statusOf(paid)).status).toBe('running');
    expect(await mailsTo(payer.email)).toEqual([]);
  });

  it('is run by the billing job, which reaches the instances through the service their core builds (billing never imports instances)', async () => {
    const late = (await seedInstance(t, owner.user.tenantId)).instanceId;
    await billingJob.handle(t.runtime.ctx, {}, { retryCount: 0, retryLimit: 0 }, t.runtime.services);
    expect((await activityRecords(t, late, 'stop')).map((r) => [r.userName, r.comments])).toContainEqual(['System', 'Stopped: the free trial ended without billing details']);
    expect((await statusOf(paid)).status).toBe('running');
  });
});
