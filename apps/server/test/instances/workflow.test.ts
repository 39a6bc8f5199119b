import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INSTANCE_MESSAGES, type Instance } from '@replay/contracts';
import { consoleActivities, instanceActivities, tenants } from '../../src/db/schema';
import type { LocalDriver } from '../../src/infra/local-driver';
import { isAlive } from '@replay/local-process';
import { runHealthRound } from '../../src/modules/instances/workflow/instances.health';
import { HEALTH_ROUND_SECONDS, INSTANCE_HEALTH_QUEUE, workflowEnqueuer } from '../../src/modules/instances/workflow/instances.jobs';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { api, newInstance, seedInstance, tempInstancesDir, until } from './support';

/**
 * The real thing: the API, the pg-boss workers and the local driver running
 * agent processes, end to end. Every agent started here is ended in afterAll.
 */

const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dir.dataDir, RUN_WORKERS: 'true' });
  owner = await signup(t, { organizationName: 'Acme Corp' });
});
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

const driver = () => t.runtime.ctx.driver as LocalDriver;
const statusOf = (id: string) => async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${id}`)).json().data as Instance;
const waitFor = (id: string, status: string) => until(statusOf(id), (i) => i.status === status && !i.inProgress, 30_000, `${status}`);
/** Loopback by address: `localhost` may resolve to ::1 first, where agents do not listen. */
const direct = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
/** A tracker's batch, sent straight to the instance with the given project key. */
const track = async (instanceUrl: string, projectKey: string) =>
  (
    await fetch(`${direct(instanceUrl)}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${projectKey}` },
      body: JSON.stringify({ sessionId: 'tracked', events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }] }),
    })
  ).status;
const tenantKeyOf = async (tenantId: string) => (await t.runtime.ctx.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!.tenantKey;
const events = async (id: string) => (await t.runtime.ctx.db.select().from(instanceActivities).where(eq(instanceActivities.instanceId, id))).map((e) => `${e.action}:${e.status}:${e.userName}`);

describe('an instance through its whole life, with a real agent', () => {
  it('goes creating → initializing → running, healthy, at a real address serving the account', { timeout: 60_000 }, async () => {
    inst = await newInstance(t, owner.jwt, { name: 'Storefront' });
    expect(inst.status).toBe('creating');
    const running = await waitFor(inst.instanceId, 'running');
    expect(running).toMatchObject({ healthy: true, failure: null, instanceUrl: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
    expect(running.healthCheckUrl).toBe(`${running.instanceUrl}/api/health`);
    const health = await (await fetch(direct(running.healthCheckUrl!))).text();
    expect(JSON.parse(health)).toMatchObject({ instanceId: inst.instanceId, tenants: [{ active: true }], version: running.version });
    expect(health).not.toContain('Acme Corp');
    // The agent takes events with the account's tenantKey, read from the tenants table, and with nothing else.
    expect(await track(running.instanceUrl!, await tenantKeyOf(owner.user.tenantId))).toBe(202);
    expect(await track(running.instanceUrl!, 'not-the-tenant-key-0000')).toBe(401);
    expect(await events(inst.instanceId)).toEqual(['create:pending:Ada Lovelace', 'create:pending:System', 'create:success:System']);
    const logged = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.instanceId, inst.instanceId));
    expect(logged.map((l) => l.message)).toEqual(['Instance Storefront created', 'Instance Storefront is being provisioned', 'Instance Storefront is running']);
  });

  it('hands out a one-time token the agent accepts once, signing the user in', async () => {
    const res = await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/jwt`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { jwt, loginUrl } = res.json().data as { jwt: string; loginUrl: string };
    expect(new URL(loginUrl).searchParams.get('token')).toBe(jwt);
    const first = await fetch(direct(loginUrl), { redirect: 'manual' });
    expect(first.status).toBe(303);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await fetch(direct(`${inst.instanceUrl ?? (await statusOf(inst.instanceId)()).instanceUrl}/`), { headers: { cookie } })).text();
    expect(page).toContain('Ada Lovelace');
    const again = await fetch(direct(loginUrl), { redirect: 'manual' });
    expect(again.status).toBe(401);
  });

  it('answers the proxy health check, flagging the client network issue with resolved addresses', async () => {
    const res = await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/health`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ healthy: true, hasTenants: true });
    expect(res.json().data.resolvedIps.length).toBeGreaterThan(0);
    expect(await statusOf(inst.instanceId)()).toMatchObject({ clientNetworkIssue: true, resolvedIps: res.json().data.resolvedIps });
  });

  it('stops (process ended), then starts again at the same address', { timeout: 60_000 }, async () => {
    const { pid } = await driver().status(inst.instanceId);
    const url = (await statusOf(inst.instanceId)()).instanceUrl;
    const stop = await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'stop' });
    expect(stop.json().data).toMatchObject({ status: 'stopping', inProgress: true });
    await waitFor(inst.instanceId, 'stopped');
    expect(isAlive(pid!)).toBe(false);
    const proxy = await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/health`);
    expect(proxy.statusCode).toBe(500);
    expect(proxy.json().errors).toEqual([INSTANCE_MESSAGES.noProxyResponse]);
    expect((await api(t, owner.jwt).get(`/managed-saas/instances/${inst.instanceId}/jwt`)).statusCode).toBe(409);

    const start = await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'start' });
    expect(start.json().data.status).toBe('starting');
    const running = await waitFor(inst.instanceId, 'running');
    expect(running.instanceUrl).toBe(url);
    const restarted = await driver().status(inst.instanceId);
    expect(restarted.pid).not.toBe(pid);
    expect(isAlive(restarted.pid!)).toBe(true);
  });

  it('watches health from the server: a dead agent is recorded unhealthy, a live one healthy again', { timeout: 60_000 }, async () => {
    const deps = { db: t.runtime.ctx.db, driver: driver(), clock: t.clock, enqueue: workflowEnqueuer(null) };
    const { pid } = await driver().status(inst.instanceId);
    process.kill(pid!, 'SIGKILL');
    await until(
      async () => isAlive(pid!),
      (alive) => !alive,
      5_000,
      'agent death',
    );
    const round = await runHealthRound(deps);
    expect(round.checked).toBe(1);
    const sick = await statusOf(inst.instanceId)();
    expect(sick).toMatchObject({ status: 'running', healthy: false });
    expect(sick.lastHealthAt).not.toBeNull();
    const unhealthy = await t.runtime.ctx.db
      .select()
      .from(consoleActivities)
      .where(and(eq(consoleActivities.instanceId, inst.instanceId), eq(consoleActivities.action, 'instance.unhealthy')));
    expect(unhealthy).toHaveLength(1);
    await driver().start(inst.instanceId);
    await runHealthRound(deps);
    expect((await statusOf(inst.instanceId)()).healthy).toBe(true);
    expect(await events(inst.instanceId)).toContain('health:success:System');
  });

  it('runs the health round as a job: once at start, then at most once per 30-s slot across console processes', async () => {
    const boss = t.runtime.ctx.boss!;
    const done = await until(
      async () => (await boss.findJobs(INSTANCE_HEALTH_QUEUE)).filter((j) => j.state === 'completed').length,
      (n) => n >= 1,
      10_000,
      'a completed health round',
    );
    expect(done).toBeGreaterThanOrEqual(1);
    await boss.sendThrottled(INSTANCE_HEALTH_QUEUE, {}, null, HEALTH_ROUND_SECONDS, 'schedule');
    expect(await boss.sendThrottled(INSTANCE_HEALTH_QUEUE, {}, null, HEALTH_ROUND_SECONDS, 'schedule')).toBeNull();
  });

  it('refuses to terminate under protection, then terminates: process ended, data removed, account count back to 0', { timeout: 60_000 }, async () => {
    const a = api(t, owner.jwt);
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { isProtected: true })).statusCode).toBe(200);
    expect((await a.post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'terminate', confirm: 'TERMINATE' })).statusCode).toBe(409);
    expect((await a.put(`/managed-saas/instances/${inst.instanceId}`, { isProtected: false })).statusCode).toBe(200);
    const { pid } = await driver().status(inst.instanceId);
    const res = await a.post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'terminate', confirm: ' TERMINATE ' });
    expect(res.json().data.status).toBe('terminating');
    const ended = await waitFor(inst.instanceId, 'terminated');
    expect(ended.deletedAt).not.toBeNull();
    expect(ended.deletedBy).toBe(owner.user.userId);
    expect(isAlive(pid!)).toBe(false);
    expect(existsSync(join(dir.dataDir, 'instances', inst.instanceId))).toBe(false);
    expect((await a.get('/managed-saas/instances')).json().data.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) })).json().data.instanceCount).toBe(0);
  });

  it('stops an instance asked to stop while still creating, and starts it later', { timeout: 60_000 }, async () => {
    const other = await signup(t);
    // Accepted and not yet picked up by the workflow (a job is not sent for a row written directly).
    const fresh = await seedInstance(t, other.user.tenantId, { status: 'creating', inProgress: true });
    const stop = await api(t, other.jwt).post(`/managed-saas/instances/${fresh.instanceId}/actions`, { action: 'stop' });
    expect(stop.json().data.status).toBe('stopping');
    const stopped = await until(
      async () => (await api(t, other.jwt).get(`/managed-saas/instances/${fresh.instanceId}`)).json().data as Instance,
      (i) => i.status === 'stopped',
    );
    expect(stopped.inProgress).toBe(false);
    expect((await driver().status(fresh.instanceId)).pid).toBeNull();
    await api(t, other.jwt).post(`/managed-saas/instances/${fresh.instanceId}/actions`, { action: 'start' });
    const running = await until(
      async () => (await api(t, other.jwt).get(`/managed-saas/instances/${fresh.instanceId}`)).json().data as Instance,
      (i) => i.status === 'running' && !i.inProgress,
    );
    expect(running.healthy).toBe(true);
    expect(await track(running.instanceUrl!, await tenantKeyOf(other.user.tenantId))).toBe(202);
    expect(await track(running.instanceUrl!, await tenantKeyOf(owner.user.tenantId))).toBe(401);
    expect(isAlive((await driver().status(fresh.instanceId)).pid!)).toBe(true);
  });
});
