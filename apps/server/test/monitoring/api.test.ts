import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORING_MESSAGES, type Graphs, type Instance, type Statistics } from '@replay/contracts';
import { runSamplingRound } from '../../src/modules/monitoring/monitoring.sampler';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { api, newInstance, tempInstancesDir, until } from '../instances/support';

/**
 * Monitoring through the API with a real agent: sampling rounds run against
 * the agent process for chosen past slots (the schedule itself is tested in
 * schedule.test.ts), the instance is stopped for a slot, and the graphs show
 * the agent's figures with a gap, never a zero, where it was stopped.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const MINUTE = 60_000;
/**
 * Slots well before now, so the schedule's own rounds (the current slot) stay out of the
 * windows read here; from a 10-minute boundary, so slots 0 to 9 are one 600-s bucket.
 */
const base = Math.floor(Date.now() / (10 * MINUTE)) * 10 * MINUTE - 30 * MINUTE;
const slot = (i: number) => new Date(base + i * MINUTE);
const seconds = (d: Date) => d.getTime() / 1000;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dir.dataDir, RUN_WORKERS: 'true' });
  owner = await signup(t, { organizationName: 'Watched Corp' });
  inst = await newInstance(t, owner.jwt, { name: 'Watched' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

const statusOf = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}`)).json().data as Instance;
const graphs = (query: string, jwt = owner.jwt) => t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${inst.instanceId}/graphs?${query}`, headers: bearer(jwt) });
const round = (i: number) => runSamplingRound({ db: t.runtime.ctx.db, driver: t.runtime.ctx.driver }, slot(i));

describe('monitoring an instance with a real agent', () => {
  it('answers no statistics before the first sample', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${inst.instanceId}/statistics`, headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cpu: null, memory: null, disk: null, sampledAt: null, diskAlert: null, diskFullInDays: null });
  });

  it('graphs the agent’s own cpu, memory and disk per minute, with a gap where the instance was stopped', { timeout: 60_000 }, async () => {
    await until(statusOf, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
    expect(await round(0)).toMatchObject({ written: 1, failed: 0 });
    expect(await round(1)).toMatchObject({ written: 1 });
    // A slot already sampled keeps its sample.
    expect(await round(1)).toMatchObject({ written: 0 });

    await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'stop' });
    await until(statusOf, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    expect(await round(2)).toMatchObject({ asked: 0, written: 0 });

    await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'start' });
    await until(statusOf, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running again');
    expect(await round(3)).toMatchObject({ written: 1 });

    const res = await graphs(`start=${seconds(slot(-5))}&end=${seconds(slot(5))}`);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Graphs;
    const times = [0, 1, 3].map((i) => seconds(slot(i)));
    expect(g.step).toBe(60);
    for (const series of [g.cpu, g.memory, g.disk]) expect(series.map(([time]) => time)).toEqual(times);
    // The agent measured these: its memory is tens of MB of 8 GB, its data folder some bytes of 120 GB.
    for (const [, v] of g.memory) expect(v).toBeGreaterThan(0);
    for (const [, v] of [...g.cpu, ...g.disk]) expect(v).toBeGreaterThanOrEqual(0);
    for (const [, v] of [...g.cpu, ...g.memory, ...g.disk]) expect(v).toBeLessThanOrEqual(100);
    // Network is there only for minutes the agent saw end; never for the stopped slot.
    for (const [time, v] of g.network) {
      expect(times).toContain(time);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    expect([...g.cpu, ...g.network].some(([time]) => time === seconds(slot(2)))).toBe(false);
  });

  it('averages whole minutes for a coarser step', async () => {
    const g = (await graphs(`start=${seconds(slot(0))}&end=${seconds(slot(9))}&step=600`)).json().data as Graphs;
    expect(g.cpu.map(([time]) => time)).toEqual([seconds(slot(0))]);
    // The bucket is the mean of the minutes it has (slots 0, 1 and 3).
    const minutes = (await graphs(`start=${seconds(slot(0))}&end=${seconds(slot(9))}`)).json().data as Graphs;
    const mean = minutes.memory.reduce((sum, [, v]) => sum + v, 0) / minutes.memory.length;
    expect(minutes.memory).toHaveLength(3);
    expect(g.memory[0]![1]).toBeCloseTo(mean, 1);
  });

  it('answers the latest sample as statistics', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${inst.instanceId}/statistics`, headers: bearer(owner.jwt) });
    const stats = res.json().data as Statistics;
    // The schedule may have sampled the current slot meanwhile: the latest is slot 3 or later.
    expect(stats.sampledAt).toBeGreaterThanOrEqual(slot(3).getTime());
    expect(stats.memory).toBeGreaterThan(0);
    expect(stats.disk).not.toBeNull();
  });

  it('refuses a window it cannot answer with 400 and says why', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string][] = [
      [`start=${now}&end=${now - 60}`, MONITORING_MESSAGES.startAfterEnd],
      [`start=${now - 8 * 86_400}&end=${now}`, MONITORING_MESSAGES.windowTooLong],
      [`start=abc&end=${now}`, ''],
      [`start=-1&end=${now}`, MONITORING_MESSAGES.time],
      [`start=1.5&end=${now}`, MONITORING_MESSAGES.time],
      [`start=1e400&end=${now}`, ''],
      [`end=${now}`, ''],
      [`start=${now - 60}&end=${now}&step=90`, MONITORING_MESSAGES.step],
      [`start=${now - 60}&end=${now}&step=7200`, MONITORING_MESSAGES.step],
    ];
    for (const [query, message] of cases) {
      const res = await graphs(query);
      expect(res.statusCode, query).toBe(400);
      expectErrorAnswerShape(res);
      if (message) expect(res.json().errors.join(' '), query).toContain(message);
    }
    // Seven days and a browser's clock skew still pass.
    expect((await graphs(`start=${now - 7 * 86_400 - 300}&end=${now}`)).statusCode).toBe(200);
  });

  it('answers 404 for another account’s instance, as for one that does not exist', async () => {
    const stranger = await signup(t);
    expect((await graphs(`start=0&end=60`, stranger.jwt)).statusCode).toBe(404);
    const stats = await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${inst.instanceId}/statistics`, headers: bearer(stranger.jwt) });
    expect(stats.statusCode).toBe(404);
    expect(stats.json().code).toBe('not_found');
  });
});
