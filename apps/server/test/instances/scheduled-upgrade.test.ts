import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_MESSAGES, MAINTENANCE_WINDOW_HOURS, VERSION_MESSAGES, type Instance, type InstanceDetails } from '@replay/contracts';
import { domainEvents } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import { versionRegistryOf } from '../../src/infra/versions';
import { workflowEnqueuer } from '../../src/modules/instances/workflow/instances.jobs';
import { runMaintenanceRound } from '../../src/modules/instances/maintenance/instances.maintenance-round';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, seedInstance, tempInstancesDir, until } from './support';

/**
 * An upgrade that waits for the maintenance window, through the API with a real agent:
 * the request's rules (those of an upgrade now), the schedule and its record, a second
 * schedule replacing the first, the window moving and the schedule with it, the round
 * that does nothing before the window, moves a missed one to the next window and starts
 * a due one, which the workflow then carries out on the agent; and the member's cancel.
 * The round runs here at the times the test chooses (its clock is a dependency).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const read = async () => (await api(t, owner.jwt).get(path())).json().data as InstanceDetails;
const schedule = (version: string) => api(t, owner.jwt).post(path('/version-upgrade'), { version, when: 'maintenance' });
const round = (at: number) =>
  runMaintenanceRound({ db: t.runtime.ctx.db, clock: { now: () => new Date(at) }, enqueue: workflowEnqueuer(t.runtime.ctx.boss), versions: versionRegistryOf(t.runtime.ctx.env) });
const lastUpgradeRecord = async (instanceId = inst.instanceId) => (await activityRecords(t, instanceId, 'upgrade')).at(-1);
/** The upgrade records that say `comments` (the rounds below run at later times than the requests after them, so "last" is not always the newest). */
const upgradeRecordsSaying = async (comments: string | RegExp) =>
  (await activityRecords(t, inst.instanceId, 'upgrade')).filter((r) => (typeof comments === 'string' ? r.comments === comments : comments.test(r.comments)));
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const agentVersion = async () => ((await (await fetch(`http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}/api/health`)).json()) as { version: string }).version;

/** The first time after `from` that a daily window at hour:minute UTC opens, found without the server's cron library. */
function nextDaily(from: number, hour: number, minute: number): number {
  const d = new Date(from);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute);
  return today > from ? today : today + DAY;
}
/** As the Events tab names a window's opening. */
const label = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

beforeAll(async () => {
  // New instances start two versions back, so there is one to schedule and a newer one to replace it with.
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Window Corp', instance: { name: 'Patient' }, env: { NEW_INSTANCE_VERSION: '1.19' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('POST …/version-upgrade with when: maintenance: the rules', () => {
  it('refuses what an upgrade now refuses with 400, and an unknown `when`, changing nothing', async () => {
    const cases: [string, string][] = [
      ['1.99', VERSION_MESSAGES.unknown('1.99')],
      ['latest', VERSION_MESSAGES.format],
      ['1.19', VERSION_MESSAGES.downgrade('1.19')],
      ['1.17', VERSION_MESSAGES.downgrade('1.19')],
    ];
    for (const [version, message] of cases) {
      const res = await schedule(version);
      expect(res.statusCode, version).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors).toEqual([message]);
    }
    for (const when of ['later', null, 1, '']) {
      const res = await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.20', when });
      expect(res.statusCode, String(when)).toBe(400);
      expectErrorAnswerShape(res);
    }
    expect(await read()).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: null });
    expect(await activityRecords(t, inst.instanceId, 'upgrade')).toEqual([]);
  });

  it('refuses with 409 an instance not running, busy or terminated', async () => {
    const at = (id: string) => `/managed-saas/instances/${id}/version-upgrade`;
    const body = { version: '1.21', when: 'maintenance' };
    const stopped = await seedInstance(t, owner.user.tenantId, { status: 'stopped', version: '1.20' });
    const stoppedAnswer = await api(t, owner.jwt).post(at(stopped.instanceId), body);
    expect(stoppedAnswer.statusCode).toBe(409);
    expectErrorAnswerShape(stoppedAnswer);
    expect(stoppedAnswer.json().errors).toEqual([INSTANCE_MESSAGES.notRunning]);
    const busy = [
      await seedInstance(t, owner.user.tenantId, { status: 'running', inProgress: true, version: '1.20' }),
      await seedInstance(t, owner.user.tenantId, { status: 'running', storageInProgress: true, version: '1.20' }),
      await seedInstance(t, owner.user.tenantId, { status: 'version-upgrading', inProgress: true, version: '1.20', pendingVersion: '1.21' }),
    ];
    for (const row of busy) {
      const res = await api(t, owner.jwt).post(at(row.instanceId), body);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([VERSION_MESSAGES.busy]);
    }
    const terminated = await seedInstance(t, owner.user.tenantId, { status: 'terminated', version: '1.20' });
    const gone = await api(t, owner.jwt).post(at(terminated.instanceId), body);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().errors).toEqual([INSTANCE_MESSAGES.terminated]);
    for (const row of [stopped, ...busy, terminated]) expect(await lastUpgradeRecord(row.instanceId)).toBeUndefined();
  });

  it('answers 403 to a member who may only read, and 404 for another account’s instance', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    const stranger = await signup(t);
    const asViewer = [await api(t, viewer.jwt).post(path('/version-upgrade'), { version: '1.20', when: 'maintenance' }), await api(t, viewer.jwt).delete(path('/version-upgrade'))];
    for (const res of asViewer) {
      expect(res.statusCode).toBe(403);
      expectErrorAnswerShape(res);
    }
    const asStranger = [await api(t, stranger.jwt).post(path('/version-upgrade'), { version: '1.20', when: 'maintenance' }), await api(t, stranger.jwt).delete(path('/version-upgrade'))];
    for (const res of asStranger) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await read()).scheduledUpgrade).toBeNull();
  });

  it('refuses to cancel when no upgrade waits: 409', async () => {
    const res = await api(t, owner.jwt).delete(path('/version-upgrade'));
    expect(res.statusCode).toBe(409);
    expectErrorAnswerShape(res);
    expect(res.json().errors).toEqual([VERSION_MESSAGES.noneScheduled]);
  });
});

describe('a scheduled upgrade, through its window', () => {
  let windowAt: number;

  it('waits for the next window, a second schedule replacing the first; recorded and audited', async () => {
    expect((await api(t, owner.jwt).post(path('/maintenance-window'), { cron: '0 3 * * *' })).statusCode).toBe(200);
    const before = Date.now();
    const first = await schedule('1.20');
    expect(first.statusCode, first.body).toBe(200);
    windowAt = nextDaily(before, 3, 0);
    // Nothing happens now: the instance runs its version, nothing is pending.
    expect(first.json().data).toMatchObject({ status: 'running', inProgress: false, version: '1.19', pendingVersion: null, scheduledUpgrade: { version: '1.20', at: windowAt } });
    expect(await lastUpgradeRecord()).toMatchObject({
      status: 'pending',
      userName: owner.user.name,
      comments: `Upgrade from 1.19 to 1.20 scheduled for the maintenance window of ${label(windowAt)}`,
    });

    const second = await schedule('1.21');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: { version: '1.21', at: windowAt } });
    // The details read says the same, with the instance's latest events (the new schedule first) beside it.
    const { latestEvents, ...details } = await read();
    expect(details).toEqual(second.json().data);
    expect((await lastUpgradeRecord())?.comments).toBe(`Upgrade from 1.19 to 1.21 scheduled for the maintenance window of ${label(windowAt)} (replacing the upgrade to 1.20)`);
    expect(latestEvents[0]).toMatchObject({ action: 'upgrade', status: 'pending', comments: (await lastUpgradeRecord())?.comments });
    expect(await agentVersion()).toBe('1.19');

    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Upgrade instance version' && r.instanceId === inst.instanceId && r.status === 200)).toHaveLength(2);
    const spine = await t.runtime.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'instance.version_upgrade_scheduled'));
    expect(spine.map((e) => e.payload)).toEqual([
      expect.objectContaining({ fromVersion: '1.19', toVersion: '1.20', windowAt }),
      expect.objectContaining({ fromVersion: '1.19', toVersion: '1.21', windowAt }),
    ]);
  });

  it('moves with the maintenance window', async () => {
    const before = Date.now();
    expect((await api(t, owner.jwt).post(path('/maintenance-window'), { cron: '30 14 * * *' })).statusCode).toBe(200);
    windowAt = nextDaily(before, 14, 30);
    expect((await read()).scheduledUpgrade).toEqual({ version: '1.21', at: windowAt });
    expect((await activityRecords(t, inst.instanceId, 'changeMaintenanceWindow')).at(-1)?.comments).toBe(
      `Maintenance window: Every day at 2:30 PM UTC; the upgrade to 1.21 now waits for the window of ${label(windowAt)}`,
    );
  });

  it('does nothing before its window opens', async () => {
    const records = await activityRecords(t, inst.instanceId, 'upgrade');
    expect(await round(windowAt - MINUTE)).toEqual({ started: [], moved: [], dropped: [] });
    expect(await read()).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: { version: '1.21', at: windowAt } });
    expect(await activityRecords(t, inst.instanceId, 'upgrade')).toEqual(records);
  });

  it('waits for the next window when the one it waited for closed without it, saying why', async () => {
    const closed = windowAt + MAINTENANCE_WINDOW_HOURS * HOUR;
    const report = await round(closed);
    expect(report).toEqual({ started: [], moved: [inst.instanceId], dropped: [] });
    expect(await read()).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: { version: '1.21', at: windowAt + DAY } });
    expect(await lastUpgradeRecord()).toMatchObject({
      status: 'pending',
      userName: 'System',
      comments: `The upgrade to 1.21 missed the maintenance window of ${label(windowAt)} (the console was not running); it now waits for the window of ${label(windowAt + DAY)}`,
    });
    // Once moved, the same round finds nothing more to do.
    expect(await round(closed)).toEqual({ started: [], moved: [], dropped: [] });
    windowAt += DAY;
  });

  it('is cancelled by a member, and then never runs', async () => {
    const res = await api(t, owner.jwt).delete(path('/version-upgrade'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: null });
    expect((await upgradeRecordsSaying('Scheduled upgrade to 1.21 cancelled')).map((r) => [r.status, r.userName])).toEqual([['success', owner.user.name]]);
    const again = await api(t, owner.jwt).delete(path('/version-upgrade'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([VERSION_MESSAGES.noneScheduled]);
    expect(await round(windowAt + MINUTE)).toEqual({ started: [], moved: [], dropped: [] });
    expect(await read()).toMatchObject({ status: 'running', version: '1.19', scheduledUpgrade: null });
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Cancel scheduled upgrade' && r.instanceId === inst.instanceId && r.status === 200)).toHaveLength(1);
  });

  it('starts in its window, once however many rounds run, and the workflow upgrades the agent', { timeout: 90_000 }, async () => {
    const before = Date.now();
    expect((await schedule('1.21')).statusCode).toBe(200);
    windowAt = nextDaily(before, 14, 30);
    const [a, b] = await Promise.all([round(windowAt + 30 * MINUTE), round(windowAt + 30 * MINUTE)]);
    expect([...a!.started, ...b!.started]).toEqual([inst.instanceId]);
    const started = await upgradeRecordsSaying('Upgrade from 1.19 to 1.21 started in the maintenance window');
    expect(started.map((r) => [r.status, r.userName])).toEqual([['pending', 'System']]);

    const done = await until(read, (i) => i.status === 'running' && !i.inProgress, 60_000, 'the upgrade to settle');
    expect(done).toMatchObject({ status: 'running', version: '1.21', pendingVersion: null, scheduledUpgrade: null, failure: null, healthy: true });
    expect(await agentVersion()).toBe('1.21');
    expect((await upgradeRecordsSaying(/^Upgraded from 1\.19 to 1\.21;/)).map((r) => [r.status, r.userName])).toEqual([['success', 'System']]);
    const upgrading = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'instance.version_upgrading'), eq(domainEvents.tenantId, owner.user.tenantId)));
    expect(upgrading.map((e) => e.payload)).toEqual([expect.objectContaining({ fromVersion: '1.19', toVersion: '1.21', actor: null })]);
  });
});

describe('the round, for instances that cannot take their upgrade', () => {
  // Far past the schedules above, so those never mix with these.
  const opening = Date.UTC(new Date().getUTCFullYear() + 2, 0, 5, 3, 0);
  const scheduled = { version: '1.20', scheduledVersion: '1.21', scheduledVersionAt: new Date(opening) };
  const isMondayMidnightAfter = (at: number | undefined, from: number) =>
    at !== undefined && at > from && at - from <= 7 * DAY && new Date(at).getUTCDay() === 1 && new Date(at).getUTCHours() === 0 && new Date(at).getUTCMinutes() === 0;

  it('lets a stopped or busy instance wait while the window is open, then moves it to the next window', async () => {
    const stopped = await seedInstance(t, owner.user.tenantId, { status: 'stopped', ...scheduled });
    const busy = await seedInstance(t, owner.user.tenantId, { status: 'running', inProgress: true, ...scheduled });
    const waiting = await round(opening + HOUR);
    for (const row of [stopped, busy]) {
      expect(waiting.started).not.toContain(row.instanceId);
      expect(waiting.moved).not.toContain(row.instanceId);
    }
    const closed = opening + MAINTENANCE_WINDOW_HOURS * HOUR + MINUTE;
    const report = await round(closed);
    expect(report.moved).toEqual(expect.arrayContaining([stopped.instanceId, busy.instanceId]));
    for (const [row, reason] of [
      [stopped, 'the instance was not running (stopped)'],
      [busy, 'another change was under way'],
    ] as const) {
      const moved = (await api(t, owner.jwt).get(`/managed-saas/instances/${row.instanceId}`)).json().data as Instance;
      expect(moved.scheduledUpgrade?.version).toBe('1.21');
      expect(isMondayMidnightAfter(moved.scheduledUpgrade?.at, closed), JSON.stringify(moved.scheduledUpgrade)).toBe(true);
      expect((await lastUpgradeRecord(row.instanceId))?.comments).toBe(
        `The upgrade to 1.21 missed the maintenance window of ${label(opening)} (${reason}); it now waits for the window of ${label(moved.scheduledUpgrade!.at)}`,
      );
    }
  });

  it('drops an upgrade that is no longer one, saying why, and leaves a terminated instance alone', async () => {
    const already = await seedInstance(t, owner.user.tenantId, { status: 'running', ...scheduled, version: '1.21' });
    const terminated = await seedInstance(t, owner.user.tenantId, { status: 'terminated', ...scheduled });
    const report = await round(opening + MINUTE);
    expect(report.dropped).toContain(already.instanceId);
    expect([...report.started, ...report.moved, ...report.dropped]).not.toContain(terminated.instanceId);
    const dropped = (await api(t, owner.jwt).get(`/managed-saas/instances/${already.instanceId}`)).json().data as Instance;
    expect(dropped).toMatchObject({ status: 'running', version: '1.21', scheduledUpgrade: null });
    expect(await lastUpgradeRecord(already.instanceId)).toMatchObject({
      status: 'failed',
      userName: 'System',
      comments: `The upgrade to 1.21 scheduled for the maintenance window was dropped: ${VERSION_MESSAGES.downgrade('1.21')}`,
    });
    expect(await lastUpgradeRecord(terminated.instanceId)).toBeUndefined();
    expect(((await api(t, owner.jwt).get(`/managed-saas/instances/${terminated.instanceId}`)).json().data as Instance).scheduledUpgrade).toBeNull();
  });
});
