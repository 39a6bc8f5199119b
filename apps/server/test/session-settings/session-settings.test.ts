import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_SETTINGS, SESSION_SETTINGS_MESSAGES, SESSION_TIMEZONES, type Instance, type SessionSettings, type SessionSettingsBody } from '@replay/contracts';
import { domainEvents } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from '../instances/support';

/**
 * The account's session settings through the API with a real agent: validation (the spec's
 * messages), the save's audit record and domain event, and the workflow's config step giving
 * the capture rate and condition sets to every running instance, and to one created later.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async (jwt = owner.jwt) => (await api(t, jwt).get('/session-settings')).json().data as SessionSettings;
const save = (body: unknown, jwt = owner.jwt) => api(t, jwt).post('/session-settings', body as object);
const applied = () =>
  until(
    () => read(),
    (s) => !s.pending,
    30_000,
    'the config step',
  );
const body = (over: Partial<SessionSettingsBody> = {}): SessionSettingsBody => ({ ...DEFAULT_SESSION_SETTINGS, ...over });

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Capture Corp', instance: { name: 'Sampler' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET /session-settings', () => {
  it("answers the spec's defaults before any save: duration '<' 0 sec, mouse trail on, everything recorded", async () => {
    expect(await read()).toEqual({
      timezone: 'UTC+00:00',
      shownTimezone: 'local',
      durationFilter: { operator: '<', count: 0, unit: 'sec' },
      captureRate: 100,
      conditionalCapture: [],
      mouseTrail: true,
      skipToIssue: false,
      pending: false,
      updatedAt: null,
    });
  });

  it('offers every offset from UTC-12:00 to UTC+12:00 with the half-hour and 45-minute ones', () => {
    expect(SESSION_TIMEZONES[0]).toBe('UTC-12:00');
    expect(SESSION_TIMEZONES.at(-1)).toBe('UTC+12:00');
    expect(SESSION_TIMEZONES).toEqual(expect.arrayContaining(['UTC-09:30', 'UTC+05:30', 'UTC+05:45', 'UTC+08:45', 'UTC+12:00']));
  });
});

describe('POST /session-settings: validation', () => {
  it("refuses condition sets with the same name: 'Condition set names must be unique'", async () => {
    const res = await save(
      body({
        conditionalCapture: [
          { name: 'Checkout', urlPath: '/checkout', userId: null },
          { name: 'checkout', urlPath: null, userId: 'u1' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expectErrorAnswerShape(res);
    expect(res.json().errors).toContain(SESSION_SETTINGS_MESSAGES.uniqueNames);
  });

  it('takes an empty capture rate as 0', async () => {
    const res = await save(body({ captureRate: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.captureRate).toBe(0);
    expect((await save(body({ captureRate: null }))).json().data.captureRate).toBe(0);
    expect((await save(body())).statusCode).toBe(200);
  });

  it('refuses a capture rate out of 0–100, a fraction or text with 400 and says why, changing nothing', async () => {
    // The previous save applied first, so that only a refused save could change what is read.
    const before = await applied();
    for (const captureRate of [101, -1, 50.5, '50', true]) {
      const res = await save({ ...body(), captureRate });
      expect(res.statusCode, String(captureRate)).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors.join(' ')).toContain(SESSION_SETTINGS_MESSAGES.captureRate);
    }
    expect(await read()).toEqual(before);
  });

  it('refuses a time zone outside the list, a set with nothing to match, a path without /, and unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ ...body(), timezone: 'UTC+13:00' }, SESSION_SETTINGS_MESSAGES.timezone],
      [body({ conditionalCapture: [{ name: 'Empty', urlPath: null, userId: null }] }), SESSION_SETTINGS_MESSAGES.conditionEmpty],
      [body({ conditionalCapture: [{ name: 'Path', urlPath: 'checkout', userId: null }] }), SESSION_SETTINGS_MESSAGES.urlPath],
      [body({ conditionalCapture: [{ name: ' ', urlPath: '/x', userId: null }] }), SESSION_SETTINGS_MESSAGES.conditionName],
      [{ ...body(), extra: 1 }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.join(' ')).toContain(message);
    }
  });
});

describe('POST /session-settings: applied by the workflow', () => {
  it('stores the settings, records the save (audit, event), and the config step gives the agent the capture and display parts', { timeout: 60_000 }, async () => {
    const wanted = body({
      timezone: 'UTC+05:45',
      shownTimezone: 'user',
      durationFilter: { operator: '>', count: 30, unit: 'sec' },
      captureRate: 0,
      conditionalCapture: [{ name: 'Checkout', urlPath: '/checkout', userId: null }],
      mouseTrail: false,
      skipToIssue: true,
    });
    const res = await save(wanted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...wanted, pending: true, updatedAt: expect.any(Number) });
    expect(await applied()).toMatchObject({ ...wanted, pending: false });
    expect(await driver().readConfig(inst.instanceId)).toMatchObject({
      capture: { rate: 0, conditions: [{ name: 'Checkout', urlPath: '/checkout', userId: null }] },
      // The display part (the instance's session screens); the shown time zone is the console's own.
      display: { timezone: 'UTC+05:45', durationFilter: { operator: '>', count: 30, unit: 'sec' }, mouseTrail: false, skipToIssue: true },
    });

    // The agent applies it: a session under the rate 0 is left out, one on /checkout recorded.
    const { tenantKey } = (await api(t, owner.jwt).get('/account')).json().data as { tenantKey: string };
    const agentUrl = `http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}`;
    const send = (sessionId: string, url: string) =>
      fetch(`${agentUrl}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}` },
        body: JSON.stringify({ sessionId, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], url }),
      });
    expect(await (await send('left-out', '/home')).json()).toEqual({ accepted: 0, captured: false });
    expect(await (await send('caught', '/checkout/pay')).json()).toEqual({ accepted: 1, captured: true });
    const day = new Date().toISOString().slice(0, 10);
    const stored = (id: string) => existsSync(join(dir.dataDir, 'instances', inst.instanceId, 'data', 'sessions', day, `${id}.jsonl`));
    expect([stored('left-out'), stored('caught')]).toEqual([false, true]);
    expect((await driver().stats(inst.instanceId)).capture).toMatchObject({ acceptedSessions: 1, sampledOutSessions: 1 });

    const records = (await activityRecords(t, inst.instanceId, 'captureUpdate')).map((r) => [r.status, r.comments]);
    expect(records.at(-1)).toEqual(['success', 'The instance now records 0% of sessions, and every session matching Checkout; its session screens show times in UTC+05:45']);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Session settings update' && r.status === 200).length).toBeGreaterThanOrEqual(1);
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'session_settings.changed')));
    expect(events.at(-1)!.payload).toMatchObject({ captureRate: 0, conditionSets: 1, mouseTrail: false, actor: { userId: owner.user.userId } });
  });

  it('gives an instance that was stopped during a save the current settings when it starts again', { timeout: 90_000 }, async () => {
    const id = inst.instanceId;
    const readInstance = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${id}`)).json().data as Instance;
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${id}/actions`, { action: 'stop' })).statusCode).toBe(200);
    await until(readInstance, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    expect((await save(body({ captureRate: 40 }))).statusCode).toBe(200);
    // Nothing runs to take it: not pending, and the stopped agent's folder still holds the last one.
    expect((await read()).pending).toBe(false);
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${id}/actions`, { action: 'start' })).statusCode).toBe(200);
    await until(readInstance, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
    await applied();
    expect(await driver().readConfig(id)).toMatchObject({ capture: { rate: 40, conditions: [] } });
  });

  it("takes a change of the display part alone to the running instance's session screens", { timeout: 60_000 }, async () => {
    const id = inst.instanceId;
    expect((await save(body({ captureRate: 40, timezone: 'UTC-09:30', mouseTrail: false }))).statusCode).toBe(200);
    await applied();
    expect((await driver().readConfig(id)).display).toEqual({ timezone: 'UTC-09:30', durationFilter: { operator: '<', count: 0, unit: 'sec' }, mouseTrail: false, skipToIssue: false });
    // Signed in to the instance as a member is (the console's one-time link), its Sessions page shows the zone.
    const agentUrl = `http://127.0.0.1:${driver().folders.read(id)!.port}`;
    const link = new URL(await driver().loginUrl(id, { userId: owner.user.userId, name: 'Owner', email: owner.email }));
    const signIn = await fetch(`${agentUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const sessions = await fetch(`${agentUrl}/sessions`, { headers: { Cookie: cookie } });
    expect(sessions.status).toBe(200);
    expect(await sessions.text()).toContain('Times in UTC-09:30.');
  });
});

describe('who may', () => {
  it('lets a member who may only read see the settings, not change them: 403', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await read(viewer.jwt)).captureRate).toBe(40);
    expect((await save(body(), viewer.jwt)).statusCode).toBe(403);
  });

  it('refuses a member whose role reaches only some instances (the settings change them all): 403, nothing changed', async () => {
    const partial = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES', 'EDIT_INSTANCES'], [inst.instanceId]);
    const res = await save(body({ captureRate: 50 }), partial.jwt);
    expect(res.statusCode).toBe(403);
    expect((await read()).captureRate).toBe(40);
  });

  it("keeps each account's settings its own", async () => {
    const stranger = await signup(t);
    expect((await read(stranger.jwt)).captureRate).toBe(100);
  });
});
