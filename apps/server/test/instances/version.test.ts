import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACKER_COMPATIBILITY } from '@replay/agent-protocol';
import { INSTANCE_MESSAGES, VERSION_CATALOGUE, VERSION_MESSAGES, type Instance, type InstanceActivity, type InstanceBackups } from '@replay/contracts';
import { consoleActivities, domainEvents, instanceActivities, tenants } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import { createTestApp, type TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { api, newInstance, seedInstance, tempInstancesDir, until } from './support';

/**
 * The version upgrade through the API with real agents: the versions on
 * offer, the request's rules, an upgrade that lands (the agent really runs
 * and behaves as the new version), and one whose version fails to start,
 * which the console rolls back by itself to the old version with its data.
 * The broken version is an operator's EXTRA_VERSIONS entry whose agent file
 * exits at start: the product runs it as it runs any version.
 */
const BROKEN_AGENT = fileURLToPath(new URL('../fixtures/agent-exits-at-start.mjs', import.meta.url));
const dir = tempInstancesDir();
/** What the console's process logs (the jobs' lines): where the operator reads why a version did not start. */
const serverLog: string[] = [];
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let inst: Instance;
let projectKey: string;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async () => (await api(t, owner.jwt).get(path())).json().data as Instance;
const settled = () => until(read, (i) => i.status === 'running' && !i.inProgress, 60_000, 'the upgrade to settle');
const upgradeEvents = async () =>
  (await api(t, owner.jwt).get(path('/user-activity?limit=100'))).json().data.events.filter((e: InstanceActivity) => e.action === 'upgrade' || e.action === 'backup') as InstanceActivity[];
const healthOf = async () => (await (await fetch(`http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}/api/health`)).json()) as { version: string; tracker: string };

/** A tracker's batch, saying which tracker wrote it. */
const track = (sessionId: string, trackerVersion: string, events: unknown[] = [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }]) =>
  fetch(`${inst.instanceUrl!.replace('//localhost:', '//127.0.0.1:')}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}` },
    body: JSON.stringify({ sessionId, events, trackerVersion }),
  });
/** The session's events as the agent stored them (each batch's head line left out), read from the instance's data folder. */
function storedSession(sessionId: string): string | null {
  const root = join(driver().folders.dataDir(inst.instanceId), 'sessions');
  if (!existsSync(root)) return null;
  for (const day of readdirSync(root)) {
    const file = join(root, day, `${sessionId}.jsonl`);
    if (existsSync(file))
      return readFileSync(file, 'utf8')
        .split(/(?<=\n)/)
        .filter((line) => !line.startsWith('{"type":"replay.batch"'))
        .join('');
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp(
    {
      DATA_DIR: dir.dataDir,
      RUN_WORKERS: 'true',
      // New instances start one version back, so there is a newer one to upgrade to.
      NEW_INSTANCE_VERSION: '1.20',
      EXTRA_VERSIONS: JSON.stringify([{ version: '1.22', agentEntry: BROKEN_AGENT, tracker: '17.0.0' }]),
    },
    { runtimeLogger: pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (serverLog.push(String(chunk)), done()) })) },
  );
  owner = await signup(t, { organizationName: 'Upgrade Corp' });
  other = await signup(t, { organizationName: 'Elsewhere' });
  inst = await newInstance(t, owner.jwt, { name: 'Upgradable' });
  inst = await until(read, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
  projectKey = (await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, owner.user.tenantId)))[0]!.tenantKey;
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET /managed-saas/versions', () => {
  it('lists the catalogue with its tracker compatibility and the operator’s versions, oldest first', async () => {
    const res = await api(t, owner.jwt).get('/managed-saas/versions');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      versions: [...VERSION_CATALOGUE.map(({ version, release, tracker }) => ({ version, release, tracker })), { version: '1.22', release: '1.22.0', tracker: '17.0.0' }],
    });
    expect(VERSION_CATALOGUE[0]).toEqual({ version: '1.17', release: '1.17.0', tracker: '12.0.0', assist: '12.0.0' });
  });

  it('shows users the table the agents apply', () => {
    expect(VERSION_CATALOGUE.map((v) => [v.version, v.tracker])).toEqual(TRACKER_COMPATIBILITY.map(([v, tracker]) => [v, tracker]));
  });

  it('gives new instances the version the operator set', () => {
    expect(inst.version).toBe('1.20');
  });
});

describe('POST …/version-upgrade: the rules', () => {
  it('refuses unknown versions, malformed ones, downgrades and the same version with 400, changing nothing', async () => {
    const cases: [unknown, string][] = [
      ['1.99', VERSION_MESSAGES.unknown('1.99')],
      ['latest', VERSION_MESSAGES.format],
      ['1.19', VERSION_MESSAGES.downgrade('1.20')],
      ['1.20', VERSION_MESSAGES.downgrade('1.20')],
      ['1.17', VERSION_MESSAGES.downgrade('1.20')],
    ];
    for (const [version, message] of cases) {
      const res = await api(t, owner.jwt).post(path('/version-upgrade'), { version });
      expect(res.statusCode, String(version)).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors).toEqual([message]);
    }
    for (const body of [{}, { version: 1.21 }, { version: '1.21', extra: true }]) {
      expect((await api(t, owner.jwt).post(path('/version-upgrade'), body)).statusCode).toBe(400);
    }
    expect(await read()).toMatchObject({ status: 'running', version: '1.20', pendingVersion: null });
  });

  it('refuses with 409 an instance not running or busy, and with 404 another account’s', async () => {
    const stopped = await seedInstance(t, owner.user.tenantId, { status: 'stopped', version: '1.20' });
    const busy = await seedInstance(t, owner.user.tenantId, { status: 'running', inProgress: true, version: '1.20' });
    const growing = await seedInstance(t, owner.user.tenantId, { status: 'running', storageInProgress: true, version: '1.20' });
    const upgrading = await seedInstance(t, owner.user.tenantId, { status: 'version-upgrading', inProgress: true, version: '1.20', pendingVersion: '1.21' });
    const at = (id: string) => `/managed-saas/instances/${id}/version-upgrade`;
    const stoppedAnswer = await api(t, owner.jwt).post(at(stopped.instanceId), { version: '1.21' });
    expect(stoppedAnswer.statusCode).toBe(409);
    expect(stoppedAnswer.json().errors).toEqual([INSTANCE_MESSAGES.notRunning]);
    for (const row of [busy, growing, upgrading]) {
      const res = await api(t, owner.jwt).post(at(row.instanceId), { version: '1.21' });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([VERSION_MESSAGES.busy]);
    }
    expect((await api(t, other.jwt).post(path('/version-upgrade'), { version: '1.21' })).statusCode).toBe(404);
    expect((await read()).status).toBe('running');
  });
});

describe('an upgrade that lands', () => {
  it('backs up, restarts the agent at the new version, which then behaves as that version; recorded and audited', { timeout: 90_000 }, async () => {
    // Version 1.20 reads trackers up to 15: a tracker 16 batch is refused.
    expect((await track('tracker-16', '16.0.0')).status).toBe(400);
    expect((await track('kept', '15.1.0', [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1, n: 1 } }])).status).toBe(202);
    const oldPid = driver().livePid(inst.instanceId);

    const res = await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.21' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'version-upgrading', inProgress: true, version: '1.20', pendingVersion: '1.21' });
    // A second request while it runs is refused.
    expect((await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.21' })).statusCode).toBe(409);

    inst = await settled();
    expect(inst).toMatchObject({ status: 'running', version: '1.21', pendingVersion: null, failure: null, uiFailure: null, healthy: true });
    expect(driver().livePid(inst.instanceId)).not.toBe(oldPid);
    expect(await healthOf()).toMatchObject({ version: '1.21', tracker: '16.0.0' });
    // Now it reads tracker 16, and the data recorded before is there.
    expect((await track('tracker-16', '16.0.0')).status).toBe(202);
    expect(storedSession('kept')).toBe('{"type":3,"timestamp":1,"data":{"source":2,"type":2,"id":1,"n":1}}\n');
    // The backup of the data from before, beside the data folder.
    const backups = readdirSync(join(driver().folders.dir(inst.instanceId), 'backups'));
    expect(backups.filter((b) => b.startsWith('upgrade-'))).toHaveLength(1);

    expect((await upgradeEvents()).map((e) => e.status).sort()).toEqual(['pending', 'success']);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.some((r) => r.action === 'Upgrade instance version' && r.instanceId === inst.instanceId && r.status === 200)).toBe(true);
  });

  it('lists the backup it took as one of the instance’s backups, counted in Last Backup, and restores it', { timeout: 90_000 }, async () => {
    const backups = (await api(t, owner.jwt).get(path('/backups'))).json().data as InstanceBackups;
    const taken = backups.backups.filter((b) => b.kind === 'upgrade');
    expect(taken).toEqual([{ backupId: expect.any(String), kind: 'upgrade', status: 'done', createdAt: expect.any(Number), takenAt: expect.any(Number), bytes: expect.any(Number), failure: null }]);
    expect(taken[0]!.bytes).toBeGreaterThan(0);
    expect(backups.lastBackupAt).toBe(taken[0]!.takenAt);

    // Restorable like any backup: what was recorded after it ('tracker-16', at 1.21) goes, what it held comes back.
    expect(storedSession('tracker-16')).not.toBeNull();
    const asked = await api(t, owner.jwt).post(path(`/backups/${taken[0]!.backupId}/restore`));
    expect(asked.statusCode, asked.body).toBe(200);
    await until(
      async () => ((await api(t, owner.jwt).get(path('/backups'))).json().data as InstanceBackups).restoringBackupId,
      (id) => id === null,
      60_000,
      'the restore',
    );
    expect(storedSession('tracker-16')).toBeNull();
    expect(storedSession('kept')).toBe('{"type":3,"timestamp":1,"data":{"source":2,"type":2,"id":1,"n":1}}\n');
    expect(await read()).toMatchObject({ status: 'running', version: '1.21' });
  });
});

describe('a version that fails to start', () => {
  it('is rolled back by the console: the old version runs again with its data, and the events say so', { timeout: 120_000 }, async () => {
    expect((await track('before-the-upgrade', '16.0.0', [{ type: 3, timestamp: 1, data: { source: 5, id: 1, text: 'kept', isChecked: false } }])).status).toBe(202);
    t.clock.advance(1_000);
    const res = await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.22' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'version-upgrading', pendingVersion: '1.22' });

    inst = await settled();
    expect(inst).toMatchObject({ status: 'running', version: '1.21', pendingVersion: null, healthy: true, uiFailure: VERSION_MESSAGES.rolledBack('1.22', '1.21') });
    // The members read what happened and what to do; never the console host's files (issue 42).
    expect(inst.failure).toBe(VERSION_MESSAGES.didNotStart('1.22'));
    const logFile = driver().folders.logFile(inst.instanceId);
    expect(JSON.stringify(inst)).not.toContain(dir.dataDir);
    // The operator's log keeps why, and where the agent wrote more.
    const why = serverLog.map((line) => JSON.parse(line) as { msg: string; err?: { message: string; logFile?: string } }).find((l) => l.msg.includes('did not start'));
    expect(why?.err).toMatchObject({ message: expect.stringContaining('exited with code 1'), logFile });
    // The agent runs the old version again, with the data it had.
    expect(driver().folders.read(inst.instanceId)!.version).toBe('1.21');
    expect(await healthOf()).toMatchObject({ version: '1.21', tracker: '16.0.0' });
    expect(storedSession('before-the-upgrade')).toBe('{"type":3,"timestamp":1,"data":{"source":5,"id":1,"text":"kept","isChecked":false}}\n');
    expect(storedSession('kept')).toBe('{"type":3,"timestamp":1,"data":{"source":2,"type":2,"id":1,"n":1}}\n');
    expect((await track('after-the-rollback', '16.0.0')).status).toBe(202);

    // Events tab: asked, failed, rolled back (after the first upgrade's pending and success).
    const events = await upgradeEvents();
    const latest = events.filter((e) => e.createdAt >= res.json().data.updatedAt);
    expect(latest.map((e) => `${e.action} ${e.status}`).sort()).toEqual(['backup success', 'upgrade failed', 'upgrade pending']);
    expect(latest.find((e) => e.status === 'failed')!.comments).toBe(VERSION_MESSAGES.didNotStart('1.22'));
    expect(JSON.stringify(events)).not.toContain(dir.dataDir);
    // The console's own notice, on the event spine, and the activity log's line from it.
    const spine = await t.runtime.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'instance.version_rolled_back'));
    expect(spine.map((e) => e.payload)).toEqual([expect.objectContaining({ version: '1.21', failedVersion: '1.22', actor: null })]);
    const lines = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.tenantId, owner.user.tenantId));
    expect(lines.map((l) => l.message)).toContain('Instance Upgradable rolled back to 1.21 with its data, after version 1.22 failed');

    // Each record once.
    const rows = await t.runtime.ctx.db
      .select()
      .from(instanceActivities)
      .where(and(eq(instanceActivities.instanceId, inst.instanceId), eq(instanceActivities.action, 'backup')));
    expect(rows).toHaveLength(1);
  });

  it('leaves the instance ready for the next upgrade: the failed version may be asked for again', async () => {
    expect(await read()).toMatchObject({ status: 'running', canSwitchInstance: true });
  });
});
