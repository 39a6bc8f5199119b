import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES, forecastOf, percentOf, reachedThresholds, type BudgetStatus } from '@replay/contracts';
import { auditTrail, billingAccounts, billingPeriods, budgetCrossings, budgets, domainEvents, instanceUsagePeriods, mailOutbox } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { runCloseRound } from '../../src/modules/billing/billing.close';
import { nextMonthStart } from '../../src/modules/billing/billing.repo';
import { runBudgetRound, type BudgetWatchDeps } from '../../src/modules/billing/budget.round';
import { HOUR_MS } from '../../src/modules/billing/metering';
import { createPeerApp, type TestApp } from '../support/app';
import { login, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, api, createBody, createInstance, seedInstance, until } from '../instances/support';

/**
 * Spend budgets on a real database: the spend is the running period's metering (the invoice's),
 * each threshold is told once per period however many rounds or processes look, a new period
 * starts over, and the hard stop refuses growth (never what runs, never a decrease).
 *
 * The clock is moved to 10 h 1 min into next month, so the hour slots metered stay the same for
 * the whole file (its tests take seconds, the next slot starts 59 minutes later).
 */
let t: TestApp;
let owner: SignedIn;
let tenantId: string;
let jwt: string;
let monthStart: number;
let instanceId: string;
const CENT = 10_000;

const deps = (db = t.runtime.ctx.db): BudgetWatchDeps => ({ db, clock: t.clock, mailer: t.runtime.ctx.mailer, productName: 'Replay', publicUrl: 'http://console.test' });
const status = async () => (await api(t, jwt).get('/billing/budget')).json().data as BudgetStatus;
const save = (body: object) => api(t, jwt).put('/billing/budget', body);
/** A whole-cent amount such that `spend` is `percent` % of it or a little more. */
const amountFor = (spend: number, percent: number) => Math.max(1_000_000, Math.floor((spend * 100) / percent / CENT) * CENT);

async function crossingEvents(): Promise<number[]> {
  const rows = await t.runtime.ctx.db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.tenantId, tenantId), eq(domainEvents.type, 'billing.budget_threshold_crossed')));
  return rows.map((r) => (r.payload as { threshold: number }).threshold).sort((a, b) => a - b);
}

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Budget Corp' }));
  tenantId = owner.user.tenantId;
  const db = t.runtime.ctx.db;
  // Next month, 10 h 1 min in: the first period (from sign-up) has ended and is closed.
  monthStart = nextMonthStart(t.clock.now().getTime());
  t.clock.advance(monthStart + 10 * HOUR_MS + 60_000 - t.clock.now().getTime());
  await runCloseRound({ db, clock: t.clock, graceDays: 14 });
  const now = t.clock.now();
  await db.insert(billingAccounts).values({
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
  const inst = await seedInstance(t, tenantId, { size: 'medium', diskSize: 240 });
  instanceId = inst.instanceId;
  await db.insert(instanceUsagePeriods).values({ id: newId(), instanceId, tenantId, status: 'running', size: 'medium', diskGb: 240, startedAt: new Date(monthStart), endedAt: null });
  const res = await login(t, owner.email, owner.password, '198.51.100.7');
  jwt = res.json().data.jwt as string;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the forecast and threshold arithmetic', () => {
  it('scales the spend by the period’s hours over those elapsed, half up, and never below the spend', () => {
    expect(forecastOf(1_000_000, 10, 720)).toBe(72_000_000);
    expect(forecastOf(1, 3, 4)).toBe(1); // 1.33… rounds down
    expect(forecastOf(3, 2, 5)).toBe(8); // 7.5 rounds up
    expect(forecastOf(500, 0, 720)).toBe(500);
    expect(forecastOf(500, 720, 720)).toBe(500);
  });

  it('counts a threshold reached at exactly its share, in integers, and rounds the percent down', () => {
    expect(reachedThresholds([50, 75, 100], 750_000, 1_000_000)).toEqual([50, 75]);
    expect(reachedThresholds([50, 75, 100], 749_999, 1_000_000)).toEqual([50]);
    expect(reachedThresholds([1], 0, 1_000_000)).toEqual([]);
    expect(percentOf(999_999, 1_000_000)).toBe(99.9);
    expect(percentOf(2_500_000, 1_000_000)).toBe(250);
  });
});

describe('GET, PUT and DELETE /billing/budget', () => {
  it('answers no budget with the period’s spend and its run-rate forecast from the invoice’s metering', async () => {
    const s = await status();
    expect(s.budget).toBeNull();
    expect(s.periodStart).toBe(monthStart);
    expect(s.periodEnd).toBe(nextMonthStart(monthStart));
    // 11 started hours of a running medium instance and its 240 GB disk: the Utilization tab's total.
    const utilization = (await api(t, jwt).get('/managed-saas/utilization')).json().data as { total: number };
    expect(s.spend).toBe(utilization.total);
    expect(s.spend).toBeGreaterThan(0);
    expect(s.forecast).toBe(forecastOf(s.spend, 11, (nextMonthStart(monthStart) - monthStart) / HOUR_MS));
    expect([s.forecastMethod, s.percentUsed, s.crossed, s.hardStopActive]).toEqual(['run_rate', null, [], false]);
  });

  it('refuses amounts and thresholds outside the rules with their messages (400)', async () => {
    const cases: [object, string][] = [
      [{ amount: 1_000_001 }, BUDGET_MESSAGES.amount],
      [{ amount: 0 }, BUDGET_MESSAGES.amount],
      [{ amount: 5_000_000, thresholds: [75, 50] }, BUDGET_MESSAGES.thresholdsOrder],
      [{ amount: 5_000_000, thresholds: [50, 50] }, BUDGET_MESSAGES.thresholdsOrder],
      [{ amount: 5_000_000, thresholds: [10, 20, 30, 40, 50, 60] }, BUDGET_MESSAGES.thresholdsCount],
      [{ amount: 5_000_000, thresholds: [0] }, BUDGET_MESSAGES.threshold],
      [{ amount: 5_000_000, thresholds: [101] }, BUDGET_MESSAGES.threshold],
      [{ amount: 5_000_000, extra: true }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().errors, JSON.stringify(body)).toContain(message);
    }
    expect((await status()).budget).toBeNull();
  });

  it('lets a member who may only view billing read the budget, not change it', async () => {
    const viewer = await addMember(t, tenantId, ['VIEW_BILLING']);
    expect((await api(t, viewer.jwt).get('/billing/budget')).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).put('/billing/budget', { amount: 5_000_000 })).statusCode).toBe(403);
    expect((await api(t, viewer.jwt).delete('/billing/budget')).statusCode).toBe(403);
  });

  it('saves with the default thresholds, tells at once the ones already crossed, and records both changes in the audit trail', async () => {
    const spend = (await status()).spend;
    const res = await save({ amount: amountFor(spend, 60) });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as BudgetStatus;
    expect(s.budget).toMatchObject({ thresholds: [50, 75, 100], hardStop: false });
    expect(s.crossed).toEqual([50]);
    expect(s.percentUsed).toBeGreaterThanOrEqual(60);
    expect(await crossingEvents()).toEqual([50]);
    const mails = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toContain('Replay: spend reached 50 % of your budget');
    // The bell: the billing members', from the event after its commit.
    await t.runtime.drain();
    const bell = (await api(t, jwt).get('/notifications?filterKey=billing')).json().data as { notifications: { title: string; type: string; level: string }[] };
    expect(bell.notifications).toContainEqual(expect.objectContaining({ type: 'billing.budget_threshold_crossed', title: 'Spend reached 50 % of your budget', level: 'warning' }));
    const audited = await until(
      () =>
        t.runtime.ctx.db
          .select({ action: auditTrail.action })
          .from(auditTrail)
          .where(and(eq(auditTrail.tenantId, tenantId), eq(auditTrail.action, 'Set spend budget'))),
      (rows) => rows.length > 0,
      10_000,
      'the audit row',
    );
    expect(audited[0]?.action).toBe('Set spend budget');
  });

  it('tells each threshold once per period, however many rounds run at once in however many processes', async () => {
    const peer = await createPeerApp(t);
    try {
      const spend = (await status()).spend;
      // Lowered past 75 and 100 directly in the table: only the rounds can tell them.
      await t.runtime.ctx.db
        .update(budgets)
        .set({ amount: amountFor(spend, 120) })
        .where(eq(budgets.tenantId, tenantId));
      const runs = await Promise.all([runBudgetRound(deps()), runBudgetRound(deps(peer.runtime.ctx.db)), runBudgetRound(deps()), runBudgetRound(deps(peer.runtime.ctx.db))]);
      expect(runs.reduce((n, r) => n + r.crossings, 0)).toBe(2);
      await runBudgetRound(deps());
      expect(await crossingEvents()).toEqual([50, 75, 100]);
      expect((await status()).crossed).toEqual([50, 75, 100]);
    } finally {
      await peer.close();
    }
  });

  it('tells nothing again when the budget is edited within the period, and tells a new threshold once', async () => {
    const spend = (await status()).spend;
    expect((await save({ amount: amountFor(spend, 150), thresholds: [50, 75, 90, 100] })).statusCode).toBe(200);
    expect((await save({ amount: amountFor(spend, 150), thresholds: [50, 75, 90, 100] })).statusCode).toBe(200);
    expect(await crossingEvents()).toEqual([50, 75, 90, 100]);
  });

  it('starts over in a new period', async () => {
    const db = t.runtime.ctx.db;
    const nextStart = nextMonthStart(monthStart);
    t.clock.advance(nextStart - monthStart);
    await runCloseRound({ db, clock: t.clock, graceDays: 14 });
    const [closed] = await db
      .select()
      .from(billingPeriods)
      .where(and(eq(billingPeriods.tenantId, tenantId), eq(billingPeriods.periodStart, new Date(monthStart))));
    expect(closed?.periodEnd.getTime()).toBe(nextStart);
    await runBudgetRound(deps());
    const rows = await db
      .select()
      .from(budgetCrossings)
      .where(and(eq(budgetCrossings.tenantId, tenantId), eq(budgetCrossings.periodStart, new Date(nextStart))));
    // The same 10 h 1 min into the new month: the same spend, so the same thresholds again, once.
    expect(rows.map((r) => r.threshold).sort((a, b) => a - b)).toEqual([50, 75, 90, 100]);
    expect(await crossingEvents()).toEqual([50, 50, 75, 75, 90, 90, 100, 100]);
    jwt = (await login(t, owner.email, owner.password, '198.51.100.8')).json().data.jwt as string;
  });
});

describe('the hard stop', () => {
  it('refuses a new instance, a larger type and a larger disk once the budget is used up; never a decrease', async () => {
    const spend = (await status()).spend;
    const set = await save({ amount: amountFor(spend, 100), hardStop: true });
    expect(set.json().data.hardStopActive).toBe(true);
    const created = await createInstance(t, jwt, createBody({ size: 'large' }));
    expect([created.statusCode, created.json().code, created.json().errors]).toEqual([402, 'budget_exhausted', [BUDGET_MESSAGES.exhausted]]);
    const larger = await api(t, jwt).post(`/managed-saas/instances/${instanceId}/instance-upgrade`, { instanceType: 'large' });
    expect([larger.statusCode, larger.json().code]).toEqual([402, 'budget_exhausted']);
    const disk = await api(t, jwt).post(`/managed-saas/instances/${instanceId}/disk-upgrade`, { diskSize: 250 });
    expect([disk.statusCode, disk.json().code]).toEqual([402, 'budget_exhausted']);
    const smaller = await api(t, jwt).post(`/managed-saas/instances/${instanceId}/instance-upgrade`, { instanceType: 'small' });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(smaller.json().data.status).toBe('upgrading');
  });

  it('lets growth through with the hard stop off or the budget raised, and after DELETE', async () => {
    const spend = (await status()).spend;
    expect((await save({ amount: amountFor(spend, 100), hardStop: false })).json().data.hardStopActive).toBe(false);
    const created = await createInstance(t, jwt, createBody({ size: 'small' }));
    expect(created.statusCode, created.body).toBe(201);
    expect((await save({ amount: amountFor(spend, 100), hardStop: true })).json().data.hardStopActive).toBe(true);
    const removed = await api(t, jwt).delete('/billing/budget');
    expect([removed.statusCode, removed.json().data.budget, removed.json().data.hardStopActive]).toEqual([200, null, false]);
    expect((await createInstance(t, jwt, createBody({ size: 'small' }))).statusCode).toBe(201);
    expect((await api(t, jwt).delete('/billing/budget')).statusCode).toBe(404);
  });
});
