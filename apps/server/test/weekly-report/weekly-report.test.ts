import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_MS, weeklySlotOf } from '@replay/contracts';
import { domainEvents, instanceMetrics, instanceUsagePeriods, mailOutbox, weeklyReportSends } from '../../src/db/schema';
import { DriverError } from '../../src/infra/driver';
import { newId } from '../../src/lib/ids';
import { runningSpendOf } from '../../src/modules/billing/billing.service';
import { runWeeklyReportRound } from '../../src/modules/onboarding/weekly-report.round';
import { createPeerApp, type TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, type Member } from '../support/team';
import { seedInstance } from '../instances/support';

/**
 * The weekly report: each member's own opt-in (GET/POST /config/weekly_report), and the
 * Monday 08:00 UTC round run by two console processes on one database at once: one mail
 * per opted-in member per week, with only what the member's permissions cover.
 */
let t: TestApp;
let peer: Awaited<ReturnType<typeof createPeerApp>>;
let owner: SignedIn;
let instancesOnly: Member;
let nothing: Member;
let optedOut: Member;
let limited: Member;
const HOUR = 3_600_000;
let ids: { watched: string; hidden: string; parked: string };

const choice = (jwt: string) => t.app.inject({ method: 'GET', url: '/api/config/weekly_report', headers: bearer(jwt) });
const choose = (jwt: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/config/weekly_report', headers: bearer(jwt), payload: payload as object });
/**
 * The agents' figures (admin call `activity`, which the driver conformance tests against a real
 * agent): 'Watched' answers, 'Hidden' is running but does not answer; every question is kept.
 */
const asked: { instanceId: string; from: number; to: number }[] = [];
const figures = new Map<string, { sessions: number; users: number; errors: number }>();
const agents = {
  async activity(instanceId: string, from: number, to: number) {
    asked.push({ instanceId, from, to });
    const found = figures.get(instanceId);
    if (!found) throw new DriverError('agent-error', 'connect ECONNREFUSED');
    return { from, to, ...found };
  },
};
const roundOn = (ctx: TestApp['runtime']['ctx']) =>
  runWeeklyReportRound({
    db: ctx.db,
    clock: t.clock,
    mailer: ctx.mailer,
    productName: 'Replay',
    publicUrl: 'http://console.test',
    spendOf: runningSpendOf({ db: ctx.db, clock: t.clock }),
    driver: agents,
  });
const mailsTo = async (email: string) => t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Weekly Corp' }));
  peer = await createPeerApp(t);
  const tenantId = owner.user.tenantId;
  const watched = await seedInstance(t, tenantId, { name: 'Watched', createdAt: new Date(t.clock.now().getTime() - 30 * 24 * HOUR) });
  const hidden = await seedInstance(t, tenantId, { name: 'Hidden', createdAt: new Date(t.clock.now().getTime() - 30 * 24 * HOUR) });
  const parked = await seedInstance(t, tenantId, { name: 'Parked', status: 'stopped', createdAt: new Date(t.clock.now().getTime() - 30 * 24 * HOUR) });
  figures.set(watched.instanceId, { sessions: 12, users: 1, errors: 3 });
  // Figures a stopped instance's agent would have: never asked, since nothing runs to answer.
  figures.set(parked.instanceId, { sessions: 99, users: 99, errors: 99 });
  ids = { watched: watched.instanceId, hidden: hidden.instanceId, parked: parked.instanceId };
  instancesOnly = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES'] });
  nothing = await addMember(t, tenantId, { permissions: [] });
  optedOut = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES', 'VIEW_BILLING'] });
  limited = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [hidden.instanceId] });

  // The coming week (the one the next slot's report covers): 'Watched' ran its first half, then stopped;
  // its agent received 5 MiB; it failed once; a member joined.
  const nextSlot = weeklySlotOf(t.clock.now().getTime()) + WEEK_MS;
  const weekStart = nextSlot - WEEK_MS;
  const db = t.runtime.ctx.db;
  await db.insert(instanceUsagePeriods).values([
    { id: newId(), instanceId: watched.instanceId, tenantId, status: 'running', size: 'small', diskGb: 120, startedAt: new Date(weekStart - 24 * HOUR), endedAt: new Date(weekStart + 84 * HOUR) },
    { id: newId(), instanceId: watched.instanceId, tenantId, status: 'stopped', size: 'small', diskGb: 120, startedAt: new Date(weekStart + 84 * HOUR), endedAt: null },
  ]);
  await db.insert(instanceMetrics).values([
    { instanceId: watched.instanceId, at: new Date(weekStart + HOUR), cpu: 100, memory: 100, disk: 100, netIn: 3 * 1024 * 1024, netOut: 0 },
    { instanceId: watched.instanceId, at: new Date(weekStart + 2 * HOUR), cpu: 100, memory: 100, disk: 100, netIn: 2 * 1024 * 1024, netOut: 0 },
  ]);
  const ref = { id: watched.instanceId, name: 'Watched', status: 'running', size: 'small', diskGb: 120 };
  await db.insert(domainEvents).values([
    {
      id: newId(),
      type: 'instance.failed',
      tenantId,
      occurredAt: new Date(weekStart + 10 * HOUR),
      payload: { type: 'instance.failed', tenantId, actor: null, at: weekStart + 10 * HOUR, instance: ref, verb: 'start', reason: 'agent exited' },
    },
    {
      id: newId(),
      type: 'member.joined',
      tenantId,
      occurredAt: new Date(weekStart + 11 * HOUR),
      payload: { type: 'member.joined', tenantId, actor: null, at: weekStart + 11 * HOUR, member: { id: newId(), name: 'Grace Hopper', email: 'grace@example.com' } },
    },
  ]);
}, 60_000);
afterAll(async () => {
  await peer?.close();
  await t.close();
});

describe('GET and POST /config/weekly_report', () => {
  it('is off until the member turns it on, and is each member’s own', async () => {
    expect((await choice(owner.jwt)).json().data).toEqual({ weeklyReport: false });
    const saved = await choose(owner.jwt, { weeklyReport: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ weeklyReport: true });
    expect((await choice(owner.jwt)).json().data).toEqual({ weeklyReport: true });
    expect((await choice(nothing.jwt)).json().data).toEqual({ weeklyReport: false });
    for (const m of [instancesOnly, nothing, limited]) expect((await choose(m.jwt, { weeklyReport: true })).statusCode).toBe(200);
    expect((await choose(optedOut.jwt, { weeklyReport: true })).statusCode).toBe(200);
    expect((await choose(optedOut.jwt, { weeklyReport: false })).json().data).toEqual({ weeklyReport: false });
  });

  it('refuses a body that is not {weeklyReport: boolean} with 400, and no session with 401', async () => {
    for (const body of [{}, { weeklyReport: 'yes' }, { weeklyReport: true, extra: 1 }]) expect((await choose(owner.jwt, body)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/config/weekly_report' })).statusCode).toBe(401);
  });
});

describe('the weekly round', () => {
  const everyone = () => [owner.email, instancesOnly.email, nothing.email, optedOut.email, limited.email];

  it('mails nobody for the slot that began before they opted in', async () => {
    expect((await roundOn(t.runtime.ctx)).queued).toBe(0);
    for (const email of everyone()) expect(await mailsTo(email)).toEqual([]);
  });

  it('at the next Monday 08:00 UTC, two consoles at once mail each opted-in member once', async () => {
    const next = weeklySlotOf(t.clock.now().getTime()) + WEEK_MS;
    t.clock.advance(next - t.clock.now().getTime() + 60_000);
    const [a, b] = await Promise.all([roundOn(t.runtime.ctx), roundOn(peer.runtime.ctx)]);
    expect(a.queued + b.queued).toBe(4);
    for (const email of [owner.email, instancesOnly.email, nothing.email, limited.email]) expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo(optedOut.email)).toEqual([]);
    const sends = await t.runtime.ctx.db.select().from(weeklyReportSends).where(eq(weeklyReportSends.tenantId, owner.user.tenantId));
    expect(sends.map((s) => s.weekStart.getTime())).toEqual([next, next, next, next]);
    // A console asks each running agent at most once a round, whatever its members, for the week that ended at the slot; the stopped one never.
    for (const id of [ids.watched, ids.hidden]) {
      const asks = asked.filter((a) => a.instanceId === id);
      expect([1, 2]).toContain(asks.length);
      for (const ask of asks) expect(ask).toEqual({ instanceId: id, from: next - WEEK_MS, to: next });
    }
    expect(asked.filter((a) => a.instanceId === ids.parked)).toEqual([]);
    // Later rounds of the same week send nothing more.
    expect((await roundOn(peer.runtime.ctx)).queued).toBe(0);
  });

  it('tells the owner the instances, their uptime, data and recorded sessions, users and errors, the spend and the week’s events', async () => {
    const [mail] = await mailsTo(owner.email);
    expect(mail!.subject).toBe('Your week on the Replay Console: Weekly Corp');
    expect(mail!.text).toContain('Watched (running): 50% uptime, 5.0 MB of recorded data received, 12 sessions, 1 identified user, 3 JavaScript errors');
    expect(mail!.text).toContain('Hidden (running): 0% uptime, 0 B of recorded data received; sessions, users and errors not counted: the instance did not answer');
    expect(mail!.text).toContain('Parked (stopped): 0% uptime, 0 B of recorded data received; sessions, users and errors not counted: the instance was not running when the report was made');
    expect(mail!.text).toMatch(/Spend:\n- \$\d+\.\d\d so far in the period from/);
    expect(mail!.text).toContain('Instance Watched: start failed (agent exited)');
    expect(mail!.text).toContain('Grace Hopper joined the team');
    expect(mail!.html).toContain('<h3>Instances</h3>');
  });

  it('shows a member only what their permissions and their role’s instances cover', async () => {
    const [viewer] = await mailsTo(instancesOnly.email);
    expect(viewer!.text).toContain('Watched (running)');
    expect(viewer!.text).toContain('Instance Watched: start failed');
    expect(viewer!.text).not.toContain('Spend:');
    expect(viewer!.text).not.toContain('Grace Hopper');

    const [none] = await mailsTo(nothing.email);
    expect(none!.text).not.toContain('Instances:');
    expect(none!.text).not.toContain('Spend:');
    expect(none!.text).toContain('Notable events:\n- Nothing notable happened.');

    const [scoped] = await mailsTo(limited.email);
    expect(scoped!.text).toContain('Hidden (running)');
    expect(scoped!.text).not.toContain('Watched');
  });

  it('mails again the week after, once', async () => {
    t.clock.advance(WEEK_MS);
    const [a, b] = await Promise.all([roundOn(peer.runtime.ctx), roundOn(t.runtime.ctx)]);
    expect(a.queued + b.queued).toBe(4);
    const rows = await t.runtime.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.to, everyone()));
    expect(rows).toHaveLength(8);
  });
});
