import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@replay/contracts';
import { notifications, users } from '../../src/db/schema';
import { runTrialRound } from '../../src/modules/billing/billing.trial';
import { trialInstancesOf } from '../../src/modules/instances/core/instances.trial-end';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addInstance, addMember, type Member } from '../support/team';
import { emitted, instanceRef, notificationsApi } from './support';

/**
 * Notifications are made from the console's domain events by the after-commit consumer, one
 * per member whose permissions open the event's screen (and whose role reaches its
 * instance), and each member reads and marks only their own.
 */
let t: TestApp;
let owner: SignedIn;
let instancesViewer: Member;
let billingViewer: Member;
let scopedViewer: Member;
let instanceId: string;
let otherInstanceId: string;

const countOf = async (headers: { authorization: string }) => (await notificationsApi(t, headers).count()).json().data.count as number;
const listOf = async (headers: { authorization: string }, query = '') => (await notificationsApi(t, headers).list(query)).json().data as NotificationList;
const at = () => t.clock.now().getTime();

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Notify A' }));
  const tenantId = owner.user.tenantId;
  instanceId = await addInstance(t, tenantId, 'Shop');
  otherInstanceId = await addInstance(t, tenantId, 'Blog');
  instancesViewer = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES'] });
  billingViewer = await addMember(t, tenantId, { permissions: ['VIEW_BILLING'] });
  scopedViewer = await addMember(t, tenantId, { permissions: ['VIEW_INSTANCES'], allInstances: false, instances: [otherInstanceId] });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('production from events', () => {
  it('notifies an instance failure to the members who can open that instance, and no one else', async () => {
    const tenantId = owner.user.tenantId;
    await emitted(t, { type: 'instance.failed', tenantId, actor: null, at: at(), instance: instanceRef(instanceId, 'Shop'), verb: 'start', reason: 'The agent did not answer.' });
    const mine = await listOf(instancesViewer.headers);
    expect(mine.notifications).toHaveLength(1);
    expect(mine.notifications[0]).toMatchObject({
      level: 'critical',
      title: 'Shop failed to start',
      description: 'The agent did not answer.',
      link: `/instances/${instanceId}`,
      viewed: false,
      type: 'instance.failed',
      filterKey: 'instances',
      options: { source: 'instance', sourceId: instanceId, projectId: instanceId, sourceMeta: { instanceName: 'Shop' } },
    });
    expect(await countOf(bearer(owner.jwt))).toBe(1);
    expect(await countOf(billingViewer.headers)).toBe(0);
    // A role limited to another instance does not hear about this one.
    expect(await countOf(scopedViewer.headers)).toBe(0);
  });

  it('notifies invoices only to members with a billing permission', async () => {
    const tenantId = owner.user.tenantId;
    const invoice = { id: '5b0f4c1e-8a55-4c0e-9d63-1a2b3c4d5e6f', number: 'ABC-0001', total: 12_340_000 };
    await emitted(t, { type: 'invoice.paid', tenantId, actor: null, at: at(), invoice });
    await emitted(t, { type: 'invoice.payment_failed', tenantId, actor: null, at: at(), invoice, message: 'Your card was declined.', nextAttemptAt: null });
    const billing = await listOf(billingViewer.headers);
    expect(billing.notifications.map((n) => n.title)).toEqual(['Payment of invoice ABC-0001 failed', 'Invoice ABC-0001 paid']);
    expect(billing.notifications[1]!.description).toBe('$12.34 was charged to the card on file.');
    expect(billing.notifications.every((n) => n.link === '/billing' && n.filterKey === 'billing')).toBe(true);
    expect(await countOf(instancesViewer.headers)).toBe(1);
  });

  it('notifies a member joining to those who see the team', async () => {
    const teamViewer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_MEMBERS'] });
    await emitted(t, { type: 'member.joined', tenantId: owner.user.tenantId, actor: null, at: at(), member: { id: teamViewer.userId, name: 'Ada', email: 'ada@example.com' } });
    expect((await listOf(teamViewer.headers)).notifications.map((n) => n.title)).toEqual(['Ada joined the team']);
    expect(await countOf(billingViewer.headers)).toBe(2);
  });

  it('notifies the trial ending from the trial round, to billing members', async () => {
    const other = await signup(t, { organizationName: 'Notify Trial' });
    t.clock.advance(5 * 86_400_000);
    try {
      // Signed in now: a token from before the jump would have expired.
      const viewer = await addMember(t, other.user.tenantId, { permissions: ['VIEW_BILLING'] });
      const outsider = await addMember(t, other.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
      const instances = trialInstancesOf({ db: t.runtime.ctx.db, clock: t.clock, enqueue: async () => undefined });
      await runTrialRound({ db: t.runtime.ctx.db, clock: t.clock, mailer: t.runtime.ctx.mailer, instances, productName: 'Replay', publicUrl: 'http://localhost' });
      await t.runtime.drain();
      const titles = (await listOf(viewer.headers)).notifications.map((n) => n.title);
      expect(titles).toContain('Your free trial ends in 3 days');
      expect(await countOf(outsider.headers)).toBe(0);
    } finally {
      t.clock.advance(-5 * 86_400_000);
    }
  });

  it('writes an event delivered twice once (event id, recipient)', async () => {
    const id = await emitted(t, { type: 'instance.unhealthy', tenantId: owner.user.tenantId, actor: null, at: at(), instance: instanceRef(otherInstanceId, 'Blog'), error: 'timeout' });
    const rows = await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.eventId, id));
    const { notificationsConsumer } = await import('../../src/modules/notifications/notifications.consumer');
    await notificationsConsumer.handle(t.runtime.ctx.db, {
      type: 'instance.unhealthy',
      tenantId: owner.user.tenantId,
      actor: null,
      at: at(),
      instance: instanceRef(otherInstanceId, 'Blog'),
      error: 'timeout',
      id,
    } as never);
    expect(await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.eventId, id))).toHaveLength(rows.length);
    expect(rows.map((r) => r.recipientId)).toContain(scopedViewer.userId);
  });
});

describe('reading and marking', () => {
  it('lists newest first, paged, with the unread count', async () => {
    const page1 = await listOf(bearer(owner.jwt), '?page=1&limit=2');
    const all = await listOf(bearer(owner.jwt), '?limit=100');
    expect(page1.notifications).toEqual(all.notifications.slice(0, 2));
    expect(page1.total).toBe(all.notifications.length);
    expect(page1.unread).toBe(all.notifications.length);
    const times = all.notifications.map((n) => n.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('narrows the list to one kind (filterKey), its total too; an unknown kind is a 400', async () => {
    const all = await listOf(bearer(owner.jwt), '?limit=100');
    const billing = await listOf(bearer(owner.jwt), '?limit=100&filterKey=billing');
    const expected = all.notifications.filter((n) => n.filterKey === 'billing');
    expect(expected.length).toBeGreaterThan(0);
    expect(billing.notifications).toEqual(expected);
    expect(billing.total).toBe(expected.length);
    expect(billing.unread).toBe(all.unread);
    const bad = await notificationsApi(t, bearer(owner.jwt)).list('?filterKey=everything');
    expect(bad.statusCode).toBe(400);
  });

  it('marks one viewed (GET …/view), then several, then all', async () => {
    const headers = bearer(owner.jwt);
    const api = notificationsApi(t, headers);
    const all = (await listOf(headers, '?limit=100')).notifications;
    const before = await countOf(headers);
    const viewed = await api.view(all[0]!.notificationId);
    expect(viewed.statusCode).toBe(200);
    expect((viewed.json().data as Notification).viewed).toBe(true);
    expect(await countOf(headers)).toBe(before - 1);
    // Viewing again keeps it viewed and the count where it is.
    expect((await api.view(all[0]!.notificationId)).statusCode).toBe(200);
    expect(await countOf(headers)).toBe(before - 1);

    const many = await api.viewMany({ ids: [all[1]!.notificationId, all[2]!.notificationId] });
    expect(many.statusCode).toBe(200);
    expect(many.json().data).toEqual({ count: before - 3 });
    expect((await api.viewMany({ all: true })).json().data).toEqual({ count: 0 });
    expect((await listOf(headers)).notifications.every((n) => n.viewed)).toBe(true);
  });

  it('refuses an empty or malformed view body with a clear message', async () => {
    const api = notificationsApi(t, bearer(owner.jwt));
    const empty = await api.viewMany({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContain('Name at least one notification, or all.');
    expect((await api.viewMany({ ids: ['nope'] })).statusCode).toBe(400);
    expect((await api.viewMany({ all: false })).statusCode).toBe(400);
  });

  it("answers another member's or another account's notification as not found, and changes nothing", async () => {
    const theirs = (await listOf(instancesViewer.headers)).notifications[0]!;
    const res = await notificationsApi(t, billingViewer.headers).view(theirs.notificationId);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['Notification not found.']);
    const stranger = await signup(t, { organizationName: 'Notify B' });
    expect((await notificationsApi(t, bearer(stranger.jwt)).view(theirs.notificationId)).statusCode).toBe(404);
    await notificationsApi(t, bearer(stranger.jwt)).viewMany({ ids: [theirs.notificationId] });
    expect((await listOf(instancesViewer.headers)).notifications[0]!.viewed).toBe(false);
  });

  it('needs a signed-in caller; a removed member’s count is refused at once', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/count' })).statusCode).toBe(401);
    const leaving = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
    expect((await notificationsApi(t, leaving.headers).count()).statusCode).toBe(200);
    await t.runtime.ctx.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, leaving.userId));
    expect((await notificationsApi(t, leaving.headers).count()).statusCode).toBe(401);
  });
});
