import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  DAY_MS,
  INSTANCE_MESSAGES,
  OFFLINE_CARD_MESSAGES,
  OFFLINE_TEST_CARDS,
  OFFLINE_TOKENS_PATH,
  type BillingDetails,
  type Invoice,
  type InvoiceList,
  type Utilization,
} from '@replay/contracts';
import { billingPeriods, domainEvents, instanceUsagePeriods, invoices } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { runCloseRound } from '../../src/modules/billing/billing.close';
import { runPaymentRound } from '../../src/modules/billing/billing.payments';
import { nextMonthStart } from '../../src/modules/billing/billing.repo';
import { latestMail } from '../../src/mail/outbox';
import { HOUR_MS, meter } from '../../src/modules/billing/metering';
import { offlinePaymentProvider } from '../../src/modules/billing/offline-cards.door';
import type { TestApp } from '../support/app';
import { login, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, api, createBody, createInstance, seedInstance } from '../instances/support';

/**
 * Billing through the API on a real database: the offline provider's tokenizer (its own
 * endpoint), billing details that keep only what the card shows, utilization metered from
 * the instances' usage periods, and the close of a period into an invoice with a PDF and a
 * hosted page, charged to the card, refused and retried on a new card.
 */
let t: TestApp;
let owner: SignedIn;
const ADDRESS = { line1: '1 Main Street', line2: '', city: 'Springfield', postalCode: '12345', state: 'IL', country: 'US' };

const tokenize = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  t.app.inject({ method: 'POST', url: OFFLINE_TOKENS_PATH, payload: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', ...extra } });
async function tokenOf(number: string): Promise<string> {
  const res = await tokenize(number);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}
/** After the clock moved past the access token's life. */
async function signInAgain(): Promise<void> {
  const res = await login(t, owner.email, owner.password);
  expect(res.statusCode, res.body).toBe(200);
  owner = { ...owner, jwt: res.json().data.jwt as string };
}
const details = async (jwt = owner.jwt) => (await api(t, jwt).get('/managed-saas/billing-details')).json().data as BillingDetails;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Billing Corp' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('the offline tokenizer', () => {
  it('refuses a wrong number, an expired card and a short CVC in the provider’s words, and issues a token for a good card', async () => {
    const wrong = await tokenize('4242424242424241');
    expect([wrong.statusCode, wrong.json().message]).toEqual([402, OFFLINE_CARD_MESSAGES.number]);
    const expired = await tokenize(OFFLINE_TEST_CARDS.success, { expMonth: 1, expYear: 2020 });
    expect([expired.statusCode, expired.json().message]).toEqual([402, OFFLINE_CARD_MESSAGES.expired]);
    const cvc = await tokenize(OFFLINE_TEST_CARDS.success, { cvc: '12' });
    expect([cvc.statusCode, cvc.json().message]).toEqual([400, OFFLINE_CARD_MESSAGES.cvc]);
    const good = await tokenize('4242 4242 4242 4242');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ id: expect.stringMatching(/^tok_/), card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number) } });
  });

  it('is not part of the console API: no session needed, and no card number kept', async () => {
    const res = await tokenize(OFFLINE_TEST_CARDS.success);
    const row = await t.runtime.ctx.db.execute(`select * from offline_cards where token = '${res.json().id as string}'`);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });
});

describe('billing details', () => {
  it('answers none for a trial account, with the period’s end as the next billing date', async () => {
    const d = await details();
    expect(d).toMatchObject({ hasBillingDetails: false, card: null, last4: null, cost: 0, projectedCost: 0, currency: 'USD' });
    expect(d.nextBillingDate).toBe(nextMonthStart(Date.now()));
  });

  it('refuses a token the provider never issued, and keeps nothing', async () => {
    const res = await api(t, owner.jwt).post('/plans/billing', { name: 'Pat Payer', cardToken: 'tok_madeUpByTheClient', address: ADDRESS });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ errors: [BILLING_MESSAGES.tokenUnknown], code: 'card_refused' });
    expect((await details()).hasBillingDetails).toBe(false);
  });

  it('saves the card the token stands for and the address; the token works once; a second setup is refused', async () => {
    const token = await tokenOf(OFFLINE_TEST_CARDS.declined);
    const res = await api(t, owner.jwt).post('/plans/billing', { name: 'Pat Payer', cardToken: token, address: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hasBillingDetails: true, name: 'Pat Payer', last4: '0002', card: { brand: 'visa', last4: '0002' }, address: ADDRESS });
    const account = (await api(t, owner.jwt).get('/account')).json().data;
    expect(account).toMatchObject({ hasBillingDetails: true, isTrial: false });
    const again = await api(t, owner.jwt).put('/plans/edit', { name: 'Pat Payer', cardToken: token, address: ADDRESS });
    expect([again.statusCode, again.json().code]).toEqual([402, 'card_refused']);
    const second = await api(t, owner.jwt).post('/plans/billing', { name: 'X', cardToken: await tokenOf(OFFLINE_TEST_CARDS.success), address: ADDRESS });
    expect(second.statusCode).toBe(409);
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'billing.details_saved')));
    expect(events).toHaveLength(1);
  });

  it('edits the address alone, keeping the card; refuses an incomplete address with 400 and changes nothing', async () => {
    const moved = { ...ADDRESS, line1: '2 Side Street' };
    const res = await api(t, owner.jwt).put('/plans/edit', { name: 'Pat Payer', address: moved });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ address: moved, last4: '0002' });
    const bad = await api(t, owner.jwt).put('/plans/edit', { name: 'Pat Payer', address: { ...moved, city: '' } });
    expect(bad.statusCode).toBe(400);
    expect((await details()).address).toEqual(moved);
  });

  it('is read with VIEW_BILLING, saved only with EDIT_BILLING, and hidden from others', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_BILLING']);
    const outsider = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get('/managed-saas/billing-details')).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).put('/plans/edit', { name: 'Pat', address: ADDRESS })).statusCode).toBe(403);
    expect((await api(t, outsider.jwt).get('/managed-saas/utilization')).statusCode).toBe(403);
  });
});

describe('utilization, the period’s close, the invoice and its payment', () => {
  let from: number;
  let invoice: Invoice;

  it('meters the instances’ usage periods of the running period', async () => {
    from = (await details()).periodStart;
    const db = t.runtime.ctx.db;
    const inst = await seedInstance(t, owner.user.tenantId, { size: 'medium', diskSize: 240, status: 'stopped' });
    // Ran 3 hours (the third started), then stopped: 2.5 hours of compute billed as 3, storage since.
    const start = from + 5 * 60_000;
    await db.insert(instanceUsagePeriods).values([
      { id: newId(), instanceId: inst.instanceId, tenantId: owner.user.tenantId, status: 'running', size: 'medium', diskGb: 240, startedAt: new Date(start), endedAt: new Date(start + 2.5 * HOUR_MS) },
      { id: newId(), instanceId: inst.instanceId, tenantId: owner.user.tenantId, status: 'stopped', size: 'medium', diskGb: 240, startedAt: new Date(start + 2.5 * HOUR_MS), endedAt: null },
    ]);
    // Four hours on: all of it is behind the clock (the running period is metered up to now).
    t.clock.advance(4 * HOUR_MS);
    await signInAgain();
    const u = (await api(t, owner.jwt).get('/managed-saas/utilization')).json().data as Utilization;
    expect(u.periodStart).toBe(from);
    expect(u.instances).toEqual([
      expect.objectContaining({ provider: 'aws', region: 'us-east-1', instanceType: 'medium', capacity: 'Medium', utilizationHours: 3, hourlyPrice: 554_000, cost: 3 * 554_000, instancesCount: 1 }),
    ]);
    expect(u.storages).toEqual([expect.objectContaining({ region: 'us-east-1', instancesCount: 1, pricePerGbHour: 600 })]);
    expect(u.total).toBe(u.instances[0]!.cost + u.storages[0]!.cost);
    const d = await details();
    expect(d.cost).toBe(u.total);
    // The stopped instance keeps paying its storage to the period's end.
    expect(d.projectedCost).toBe(u.total + ((u.periodEnd - u.meteredUntil) / HOUR_MS) * 240 * 600);
  });

  it('closes the period once at the month’s end however many rounds run, into an invoice whose lines are the utilization rows', async () => {
    const u = (await api(t, owner.jwt).get('/managed-saas/utilization')).json().data as Utilization;
    t.clock.advance(u.periodEnd - t.clock.now().getTime() + 1000);
    await signInAgain();
    const deps = { db: t.runtime.ctx.db, clock: t.clock, graceDays: 14 };
    // The test clock runs on in real time: the invoice is dated within the rounds, not at the assertion.
    const roundsStart = Math.floor(t.clock.now().getTime() / 1000);
    const reports = await Promise.all([runCloseRound(deps), runCloseRound(deps), runCloseRound(deps)]);
    const roundsEnd = Math.floor(t.clock.now().getTime() / 1000);
    expect(reports.reduce((n, r) => n + r.invoiced, 0)).toBeGreaterThanOrEqual(1);
    const rows = await t.runtime.ctx.db.select().from(invoices).where(eq(invoices.tenantId, owner.user.tenantId));
    expect(rows).toHaveLength(1);
    const periods = await t.runtime.ctx.db.select().from(billingPeriods).where(eq(billingPeriods.tenantId, owner.user.tenantId));
    expect(periods.map((p) => [p.periodStart.getTime(), p.periodEnd.getTime()])).toEqual([[from, u.periodEnd]]);
    const listed = await api(t, owner.jwt).get('/managed-saas/invoices?page=1&limit=30');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json().data as InvoiceList;
    expect(list).toMatchObject({ total: 1, has_more: false });
    invoice = list.list[0]!;
    const usage = await t.runtime.ctx.db.select().from(instanceUsagePeriods).where(eq(instanceUsagePeriods.tenantId, owner.user.tenantId));
    const whole = meter(
      usage.map((p) => ({ ...p, provider: 'aws' as const, region: 'us-east-1', freeTrial: false, startedAt: p.startedAt.getTime(), endedAt: p.endedAt?.getTime() ?? null })),
      { from, to: u.periodEnd, trialEndsAt: 0 },
    );
    expect(invoice.lines.map((l) => [l.kind, l.quantity, l.unitPrice])).toEqual([
      ['compute', whole.instances[0]!.utilizationHours, whole.instances[0]!.hourlyPrice],
      ['storage', whole.storages[0]!.storage, whole.storages[0]!.pricePerGbHour],
    ]);
    expect(invoice).toMatchObject({ status: 'open', paid: false, currency: 'USD', accountCountry: 'US', amountPaid: 0 });
    expect(invoice.total).toBe(invoice.lines.reduce((s, l) => s + l.amount, 0));
    expect(invoice.total % 10_000).toBe(0);
    expect(invoice.created).toBeGreaterThanOrEqual(roundsStart);
    expect(invoice.created).toBeLessThanOrEqual(roundsEnd);
    // The next period starts where this one ended: nothing is billed twice.
    expect((await details()).periodStart).toBe(u.periodEnd);
  });

  it('serves the PDF to VIEW_BILLING members of the account only; its text has the number, lines and total', async () => {
    const res = await t.app.inject({ method: 'GET', url: invoice.invoicePdf, headers: { authorization: `Bearer ${owner.jwt}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
    try {
      writeFileSync(join(dir, 'i.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain(invoice.number);
      for (const line of invoice.lines) expect(text).toContain(line.description.slice(0, 30));
      expect(text).toContain(`$${(invoice.total / 1_000_000).toFixed(2)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const stranger = await signup(t, { organizationName: 'Other Corp' });
    expect((await t.app.inject({ method: 'GET', url: invoice.invoicePdf, headers: { authorization: `Bearer ${stranger.jwt}` } })).statusCode).toBe(404);
    const outsider = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await t.app.inject({ method: 'GET', url: invoice.invoicePdf, headers: { authorization: `Bearer ${outsider.jwt}` } })).statusCode).toBe(403);
  });

  it('shows the hosted page to whoever holds its link, and nothing for a made-up one', async () => {
    const path = new URL(invoice.hostedInvoiceUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(invoice.number);
    expect((await t.app.inject({ method: 'GET', url: '/invoices/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
  });

  it('charges the declining card: the invoice stays open with the provider’s message and a retry in a day; a new card pays it', async () => {
    const provider = offlinePaymentProvider({ db: t.runtime.ctx.db, clock: t.clock });
    const round = () => runPaymentRound({ db: t.runtime.ctx.db, clock: t.clock, provider, mailer: t.runtime.ctx.mailer, productName: 'Replay', publicUrl: 'http://localhost:3000' });
    expect(await Promise.all([round(), round()])).toEqual(expect.arrayContaining([{ paid: 0, refused: 1 }]));
    let open = ((await api(t, owner.jwt).get('/managed-saas/invoices')).json().data as InvoiceList).list[0]!;
    expect(open).toMatchObject({ status: 'open', lastPaymentError: OFFLINE_CARD_MESSAGES.declined });
    expect(open.nextPaymentAttempt! - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR_MS);
    expect(await round()).toEqual({ paid: 0, refused: 0 });
    const failed = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'invoice.payment_failed')));
    expect(failed).toHaveLength(1);
    // The owner (an admin) is told, once, in the provider's words.
    const mails = (await latestMail(t.runtime.ctx.db, 50)).filter((m) => m.subject.includes(`payment of invoice ${open.number} failed`));
    expect(mails.map((m) => m.to)).toEqual([owner.email]);
    expect(mails[0]!.text).toContain(OFFLINE_CARD_MESSAGES.declined);
    // Past its due date (BILLING_GRACE_DAYS, 14) the open invoice stops new instances.
    t.clock.advance(15 * DAY_MS);
    await signInAgain();
    const create = await createInstance(t, owner.jwt, createBody());
    expect([create.statusCode, create.json()]).toEqual([402, { errors: [INSTANCE_MESSAGES.invoicePastDue], code: 'billing_required' }]);
    const res = await api(t, owner.jwt).put('/plans/edit', { name: 'Pat Payer', cardToken: await tokenOf(OFFLINE_TEST_CARDS.success), address: ADDRESS });
    expect(res.json().data.last4).toBe('4242');
    expect(await round()).toEqual({ paid: 1, refused: 0 });
    open = ((await api(t, owner.jwt).get('/managed-saas/invoices')).json().data as InvoiceList).list[0]!;
    expect(open).toMatchObject({ status: 'paid', paid: true, amountPaid: open.total, amountRemaining: 0, lastPaymentError: null, nextPaymentAttempt: null });
  });
});
