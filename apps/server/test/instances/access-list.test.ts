import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LIST_MESSAGES, type AccessCheck, type AccessList, type Instance } from '@replay/contracts';
import { instances } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from './support';

/**
 * The network access list through the API with a real agent: the list a member saves is applied
 * to the running agent by the workflow's config step, the agent then refuses every other
 * address (here the test's own, 127.0.0.1) while the console keeps reaching it (health, the
 * config step, the CORS tester), and the tester asks the agent what its list decides.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const agentUrl = (what: string) => `http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}${what}`;
const readList = async () => (await api(t, owner.jwt).get(path('/access-list'))).json().data as AccessList;
const applied = () => until(readList, (l) => !l.pending, 30_000, 'the config step');
const row = async () => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId)))[0]!;
const save = (entries: unknown) => api(t, owner.jwt).post(path('/access-list'), { entries });
const check = async (address: string) => {
  const res = await api(t, owner.jwt).post(path('/access-check'), { address });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AccessCheck;
};

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Fenced Corp', instance: { name: 'Fenced' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('the network access list', () => {
  it('is open until a member lists addresses, and says at which address the console sees the caller', async () => {
    expect(await readList()).toEqual({ entries: [], pending: false, updatedAt: null, yourAddress: '127.0.0.1' });
    expect(await check('198.51.100.1')).toEqual({ address: '198.51.100.1', allowed: true, matched: null, reason: ACCESS_LIST_MESSAGES.allowedOpen('198.51.100.1') });
  });

  it('refuses what breaks the rules with 400 and says why, changing nothing', async () => {
    const before = await row();
    const cases: [unknown, string][] = [
      [[{ address: 'intranet.example.com' }], ACCESS_LIST_MESSAGES.notAnAddress('intranet.example.com')],
      [[{ address: '10.0.0.0/33' }], ACCESS_LIST_MESSAGES.notAnAddress('10.0.0.0/33')],
      [[{ address: '203.0.113.7' }, { address: ' 203.0.113.7 ' }], ACCESS_LIST_MESSAGES.duplicate('203.0.113.7')],
      [Array.from({ length: 101 }, (_, i) => ({ address: `10.0.${i}.0/24` })), ACCESS_LIST_MESSAGES.tooMany],
    ];
    for (const [entries, message] of cases) {
      const res = await save(entries);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    expect((await save([{ address: '203.0.113.7', extra: true }])).statusCode).toBe(400);
    expect((await row()).accessListVersion).toBe(before.accessListVersion);
  });

  it('is applied to the agent, which then refuses other addresses while the console still reaches it', { timeout: 40_000 }, async () => {
    const res = await save([{ address: '203.0.113.0/24', comment: 'Office' }, { address: '2001:DB8::/32' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      entries: [
        { address: '203.0.113.0/24', comment: 'Office' },
        { address: '2001:db8::/32', comment: '' },
      ],
      pending: true,
    });
    await applied();
    expect(await driver().readConfig(inst.instanceId)).toMatchObject({ accessList: ['203.0.113.0/24', '2001:db8::/32'] });

    const page = await fetch(agentUrl('/'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Your address (127.0.0.1) may not reach this instance.');
    expect((await fetch(agentUrl('/api/health'))).status).toBe(200);
    // The console's own reach: its CORS tester and its health round.
    const cors = await api(t, owner.jwt).post(path('/cors-check'), { origin: 'https://app.example.com' });
    expect(cors.json().data).toMatchObject({ allowed: true, status: 204 });
    expect((await api(t, owner.jwt).get(path())).json().data).toMatchObject({ status: 'running', healthy: true });

    expect((await activityRecords(t, inst.instanceId, 'accessListUpdate')).map((r) => [r.status, r.userName, r.comments])).toEqual([
      ['pending', owner.user.name, 'Network access: 203.0.113.0/24, 2001:db8::/32'],
      ['success', 'System', 'The instance is now reachable from 2 address(es) or range(s) only'],
    ]);
    const audit = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Network access update');
    expect(audit.filter((r) => r.status === 200)).toHaveLength(1);
    expect(audit.filter((r) => r.status === 400).length).toBeGreaterThan(0);
    expect(new Set(audit.map((r) => r.instanceId))).toEqual(new Set([inst.instanceId]));
  });

  it('answers the tester from the list the instance holds, naming the entry', async () => {
    expect(await check('203.0.113.9')).toEqual({ address: '203.0.113.9', allowed: true, matched: '203.0.113.0/24', reason: ACCESS_LIST_MESSAGES.allowedBy('203.0.113.9', '203.0.113.0/24') });
    expect(await check('2001:DB8:0:1::1')).toMatchObject({ address: '2001:db8:0:1::1', allowed: true, matched: '2001:db8::/32' });
    expect(await check('198.51.100.1')).toEqual({ address: '198.51.100.1', allowed: false, matched: null, reason: ACCESS_LIST_MESSAGES.refused('198.51.100.1') });
    const range = await api(t, owner.jwt).post(path('/access-check'), { address: '10.0.0.0/8' });
    expect(range.statusCode).toBe(400);
    expect(range.json().errors).toEqual([ACCESS_LIST_MESSAGES.notOneAddress]);
  });

  it('opens again with an empty list', { timeout: 40_000 }, async () => {
    expect((await save([])).json().data).toMatchObject({ entries: [], pending: true });
    await applied();
    expect((await fetch(agentUrl('/'), { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await activityRecords(t, inst.instanceId, 'accessListUpdate')).at(-1)).toMatchObject({ status: 'success', comments: 'The instance is now open to every address' });
  });
});

describe('who may', () => {
  it('lets a member who may only read see the list and test addresses, not save: 403, nothing changed', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/access-list'))).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).post(path('/access-check'), { address: '203.0.113.1' })).statusCode).toBe(200);
    const before = await row();
    expect((await api(t, viewer.jwt).post(path('/access-list'), { entries: [{ address: '203.0.113.1' }] })).statusCode).toBe(403);
    expect((await row()).accessListVersion).toBe(before.accessListVersion);
  });

  it('answers 404 for another account’s instance', async () => {
    const stranger = await api(t, (await signup(t)).jwt);
    for (const res of [await stranger.get(path('/access-list')), await stranger.post(path('/access-list'), { entries: [] }), await stranger.post(path('/access-check'), { address: '203.0.113.1' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});
