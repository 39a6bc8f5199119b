import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetails, AlertRule, NotificationList } from '@replay/contracts';
import { domainEvents, instanceMetrics, instances, mailOutbox } from '../../src/db/schema';
import { runAlertRound, type AlertRoundDeps } from '../../src/modules/alerts/alerts.round.door';
import { createPeerApp, type TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addMember, type Member } from '../support/team';
import { seedInstance } from '../instances/support';

/**
 * The round: a rule fires once its condition held for its duration, resolves at the first
 * slot it does not, notifies the instance's members, mails them when it says so, and emits
 * `alert.fired` / `alert.resolved`; a slot evaluated by two console processes fires once.
 */
let t: TestApp;
let owner: SignedIn;
let outsider: Member;
let instanceId: string;
const MINUTE = 60_000;
let base: number;

const deps = (): AlertRoundDeps => ({ db: t.runtime.ctx.db, mailer: t.runtime.ctx.mailer, publicUrl: 'http://console.test', productName: 'Replay' });
const slot = (n: number) => new Date(base + n * MINUTE);
const sample = (n: number, cpu: number) => t.runtime.ctx.db.insert(instanceMetrics).values({ instanceId, at: slot(n), cpu: cpu * 100, memory: 1000, disk: 1000 });
const createRule = async (body: object) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/managed-saas/instances/${instanceId}/alerts`, headers: bearer(owner.jwt), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data as AlertRule;
};
const detailsOf = async (alertId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${instanceId}/alerts/${alertId}`, headers: bearer(owner.jwt) })).json().data as AlertDetails;
const eventsOf = (type: string) =>
  t.runtime.ctx.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, type)));

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Alerts Eval' }));
  instanceId = (await seedInstance(t, owner.user.tenantId, { name: 'Shop', healthy: true })).instanceId;
  outsider = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_BILLING'] });
  base = Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE + 10 * MINUTE;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('evaluating alert rules', () => {
  it('fires after the duration, resolves when it clears, with history, event, mail and notification', async () => {
    const rule = await createRule({ name: 'CPU busy', metric: 'cpu', threshold: 80, durationMinutes: 3, mail: true, enabled: true });
    await sample(0, 90);
    await sample(1, 95);
    expect(await runAlertRound(deps(), slot(0))).toMatchObject({ fired: 0 });
    expect(await runAlertRound(deps(), slot(1))).toMatchObject({ fired: 0 });
    expect((await detailsOf(rule.alertId)).alert).toMatchObject({ state: 'ok', breachingSince: slot(0).getTime(), lastValue: 95 });

    await sample(2, 85);
    expect(await runAlertRound(deps(), slot(2))).toMatchObject({ fired: 1 });
    const fired = await detailsOf(rule.alertId);
    expect(fired.alert.state).toBe('firing');
    expect(fired.history).toMatchObject([{ kind: 'fired', value: 85, threshold: 80, at: slot(2).getTime() }]);
    const [event] = await eventsOf('alert.fired');
    expect(event!.payload).toMatchObject({ instance: { id: instanceId, name: 'Shop' }, alert: { id: rule.alertId, metric: 'cpu', threshold: 80, durationMinutes: 3 }, value: 85 });
    const mails = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toContain('[Replay] Alert: CPU busy on Shop');
    expect(mails.find((m) => m.subject.includes('Alert: CPU busy'))!.text).toContain('CPU above 80 % for 3 minutes');
    expect((await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, outsider.email))).length).toBe(0);

    await t.runtime.drain();
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(owner.jwt) })).json().data as NotificationList;
    expect(list.notifications[0]).toMatchObject({ title: 'Alert: CPU busy on Shop', filterKey: 'alerts', link: `/${instanceId}/alert/${rule.alertId}` });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: outsider.headers })).json().data.count).toBe(0);

    // Still above: no second firing.
    await sample(3, 99);
    expect(await runAlertRound(deps(), slot(3))).toMatchObject({ fired: 0, resolved: 0 });
    await sample(4, 20);
    expect(await runAlertRound(deps(), slot(4))).toMatchObject({ resolved: 1 });
    const resolved = await detailsOf(rule.alertId);
    expect(resolved.alert).toMatchObject({ state: 'ok', breachingSince: null });
    expect(resolved.history.map((h) => h.kind)).toEqual(['resolved', 'fired']);
    expect(await eventsOf('alert.resolved')).toHaveLength(1);
    await t.runtime.drain();
    const after = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(owner.jwt) })).json().data as NotificationList;
    expect(after.notifications[0]).toMatchObject({ title: 'Resolved: CPU busy on Shop', level: 'success', description: 'The condition no longer holds.' });
    await t.runtime.ctx.db.delete(instanceMetrics).where(eq(instanceMetrics.instanceId, instanceId));
    await t.app.inject({ method: 'DELETE', url: `/api/managed-saas/instances/${instanceId}/alerts/${rule.alertId}`, headers: bearer(owner.jwt) });
  });

  it('a gap in the samples neither fires nor resolves; a stopped instance resolves', async () => {
    const rule = await createRule({ name: 'Health', metric: 'health', threshold: null, durationMinutes: 2, mail: false, enabled: true });
    await t.runtime.ctx.db.update(instances).set({ healthy: false }).where(eq(instances.instanceId, instanceId));
    await runAlertRound(deps(), slot(10));
    expect((await runAlertRound(deps(), slot(11))).fired).toBe(1);
    await t.runtime.ctx.db.update(instances).set({ status: 'stopped' }).where(eq(instances.instanceId, instanceId));
    expect((await runAlertRound(deps(), slot(12))).resolved).toBe(1);
    expect((await detailsOf(rule.alertId)).history.map((h) => h.kind)).toEqual(['resolved', 'fired']);
    await t.runtime.ctx.db.update(instances).set({ status: 'running', healthy: true }).where(eq(instances.instanceId, instanceId));
    await t.app.inject({ method: 'DELETE', url: `/api/managed-saas/instances/${instanceId}/alerts/${rule.alertId}`, headers: bearer(owner.jwt) });

    const cpu = await createRule({ name: 'CPU', metric: 'cpu', threshold: 50, durationMinutes: 1, mail: false, enabled: true });
    // No sample for slot 13 (the agent did not answer): nothing changes, not even the slot evaluated.
    expect(await runAlertRound(deps(), slot(13))).toEqual({ evaluated: 0, fired: 0, resolved: 0 });
    expect((await detailsOf(cpu.alertId)).alert.lastValue).toBeNull();
    await t.app.inject({ method: 'DELETE', url: `/api/managed-saas/instances/${instanceId}/alerts/${cpu.alertId}`, headers: bearer(owner.jwt) });
  });

  it('fires once when two console processes evaluate the same slot', async () => {
    const rule = await createRule({ name: 'Twice', metric: 'cpu', threshold: 10, durationMinutes: 1, mail: true, enabled: true });
    await sample(20, 50);
    const peer = await createPeerApp(t);
    try {
      const peerDeps = { ...deps(), db: peer.runtime.ctx.db, mailer: peer.runtime.ctx.mailer };
      const reports = await Promise.all([runAlertRound(deps(), slot(20)), runAlertRound(peerDeps, slot(20))]);
      expect(reports.reduce((n, r) => n + r.fired, 0)).toBe(1);
      expect((await detailsOf(rule.alertId)).history).toHaveLength(1);
      const events = (await eventsOf('alert.fired')).filter((e) => (e.payload as { alert: { id: string } }).alert.id === rule.alertId);
      expect(events).toHaveLength(1);
      const mails = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, '[Replay] Alert: Twice on Shop'));
      expect(mails).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });
});
