import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ACTION_STATUS, INSTANCE_ACTIONS, INSTANCE_MESSAGES, INSTANCE_STATUSES, allowedActions, type InstanceAction, type InstanceStatus } from '@replay/contracts';
import { instanceActivities, instances } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { api, newInstance, setStatus, tempInstancesDir } from './support';

/** Spec section 4, written out again here so the contracts' function is checked against the text, not against itself. */
const SPEC: Partial<Record<InstanceStatus, InstanceAction[]>> = {
  stopped: ['start', 'terminate'],
  terminated: [],
  initializing: ['terminate'],
  running: ['stop', 'terminate'],
  creating: ['stop', 'terminate'],
};

const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let instanceId: string;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dir.dataDir });
  owner = await signup(t);
  instanceId = (await newInstance(t, owner.jwt)).instanceId;
});
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

const act = (action: string, extra: object = {}) => api(t, owner.jwt).post(`/managed-saas/instances/${instanceId}/actions`, { action, ...extra });

describe('allowedActions (contracts)', () => {
  it.each(INSTANCE_STATUSES)('%s allows exactly what spec section 4 says', (status) => {
    expect([...allowedActions(status)].sort()).toEqual([...(SPEC[status] ?? [])].sort());
  });
});

describe('POST …/{id}/actions: every status × every action', () => {
  const cases = INSTANCE_STATUSES.flatMap((status) => INSTANCE_ACTIONS.map((action) => [status, action] as const));
  it.each(cases)('%s + %s', async (status, action) => {
    await setStatus(t, instanceId, status, { isProtected: false, inProgress: false });
    const res = await act(action);
    if (allowedActions(status).includes(action)) {
      expect(res.statusCode).toBe(200);
      // Optimistic: the new status is set at once, and the request is on record.
      expect(res.json().data).toMatchObject({ status: ACTION_STATUS[action], inProgress: true, updatedBy: owner.user.userId });
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([INSTANCE_MESSAGES.actionNotAllowed(action, status)]);
      const now = (await api(t, owner.jwt).get(`/managed-saas/instances/${instanceId}/status`)).json().data;
      expect(now.status).toBe(status);
    }
  });
});

describe('termination', () => {
  it.each(['running', 'stopped', 'creating', 'initializing'] as const)('is refused under termination protection while %s (409), on both routes', async (status) => {
    await setStatus(t, instanceId, status, { isProtected: true });
    for (const res of [await act('terminate'), await api(t, owner.jwt).delete(`/managed-saas/instances/${instanceId}`)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([INSTANCE_MESSAGES.terminationProtected]);
    }
    expect((await api(t, owner.jwt).get(`/managed-saas/instances/${instanceId}/status`)).json().data.status).toBe(status);
  });

  it('takes an optional confirmation that must be TERMINATE once trimmed', async () => {
    await setStatus(t, instanceId, 'running', { isProtected: false });
    for (const typed of ['terminate', 'TERMINATED', '', 'TERMI NATE']) {
      const res = await act('terminate', { confirm: typed });
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().errors).toEqual([INSTANCE_MESSAGES.confirmTerminate]);
    }
    const ok = await act('terminate', { confirm: '  TERMINATE \n' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'terminating', deletedBy: owner.user.userId });
  });

  it('DELETE terminates like the action, and records who asked', async () => {
    await setStatus(t, instanceId, 'stopped', { isProtected: false });
    const res = await api(t, owner.jwt).delete(`/managed-saas/instances/${instanceId}`);
    expect(res.json().data.status).toBe('terminating');
    const rows = await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, instanceId));
    expect(rows.filter((r) => r.action === 'terminate' && r.userName === 'Ada Lovelace').length).toBeGreaterThan(0);
  });

  it('refuses unknown actions and unknown fields (400)', async () => {
    expect((await act('reboot')).statusCode).toBe(400);
    expect((await act('stop', { force: true })).statusCode).toBe(400);
  });
});

describe('an action whose compare-and-set keeps losing', () => {
  it('is judged again a few times, then answered 409 and changes nothing', async () => {
    await setStatus(t, instanceId, 'running', { isProtected: false, inProgress: false });
    const db = t.runtime.ctx.db;
    const eventsBefore = (await db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, instanceId))).length;
    // Another writer "wins" every status change of this instance for its first 10 tries: the
    // row-level BEFORE trigger skips the row, so the guarded UPDATE matches nothing. Unbounded,
    // the action would keep retrying until the 11th try gets through.
    await db.execute(sql`create sequence cas_losses`);
    await db.execute(sql`
      create function lose_cas() returns trigger language plpgsql as $$
      begin
        if new.status <> old.status and nextval('cas_losses') <= 10 then return null; end if;
        return new;
      end $$`);
    await db.execute(
      sql.raw(`create trigger lose_cas before update on instances for each row
      when (old.instance_id = '${instanceId}') execute function lose_cas()`),
    );
    try {
      const res = await act('stop');
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual([INSTANCE_MESSAGES.busy]);
      const read = await db.execute(sql`select last_value::int as tries from cas_losses`);
      const tries = (read as unknown as { rows: [{ tries: number }] }).rows[0].tries;
      expect(tries).toBeGreaterThan(1);
      expect(tries).toBeLessThan(10);
    } finally {
      await db.execute(sql`drop trigger lose_cas on instances`);
      await db.execute(sql`drop function lose_cas()`);
      await db.execute(sql`drop sequence cas_losses`);
    }
    const [row] = await db.select().from(instances).where(eq(instances.instanceId, instanceId));
    expect(row).toMatchObject({ status: 'running', inProgress: false });
    expect((await db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, instanceId))).length).toBe(eventsBefore);
  });
});
