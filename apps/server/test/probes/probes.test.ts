import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { livenessSchema, readinessSchema } from '@replay/contracts';
import type { InstanceHealth, InstanceRuntime, InstanceSpec, InfrastructureDriver } from '../../src/infra/driver';
import { JOB_HEARTBEAT_SECONDS, workOf } from '../../src/jobs/workers';
import { serverModules } from '../../src/modules';
import { workflowDepsOf } from '../../src/modules/instances/workflow/instances.jobs';
import { convergeInstance } from '../../src/modules/instances/workflow/instances.workflow';
import { createTestApp, type TestApp } from '../support/app';
import { signup } from '../support/auth';
import { newInstance, seedInstance } from '../instances/support';

const { jobDefinitions } = workOf(serverModules);

/**
 * What an orchestrator asks a console process (/livez, /readyz, /metrics): answered outside the
 * API and past the Host allow-list (a kubelet asks by the pod's address), the metrics only to
 * their token or, without one, to this machine.
 */

const once = { retryCount: 0, retryLimit: 4 };
const FOREIGN = { host: '10.1.2.3:3000' };
const REMOTE = { remoteAddress: '10.1.2.3' };

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Boots an agent at once, or never (`fail`): only what the create and initialize steps call, and the config step after them (a new instance's project keys). */
function bootingDriver(fail: boolean): InfrastructureDriver {
  const runtime = (id: string): InstanceRuntime => ({
    instanceId: id,
    state: 'running',
    url: `http://localhost:4000/${id}`,
    healthUrl: `http://localhost:4000/${id}/health`,
    pid: null,
    version: '1.21',
    size: null,
    diskSize: null,
  });
  return {
    kind: 'test',
    browserSources: [],
    async create(spec: InstanceSpec) {
      if (fail) throw new Error('the infrastructure refused');
      return runtime(spec.instanceId);
    },
    async applyConfig(_id: string, change: { corsOrigins?: string[] }) {
      return { retentionDays: 7, corsOrigins: change.corsOrigins ?? [], sso: null, updatedAt: Date.now() };
    },
    async health(): Promise<InstanceHealth> {
      return { healthy: true, statusCode: 200, tenants: [{ active: true }], version: '1.21', error: null, checkedAt: Date.now() };
    },
  } as unknown as InfrastructureDriver;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(() => t.close());

  it('/livez answers ok, uncached, to any Host (the kubelet asks by address)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez', headers: FOREIGN });
    expect(res.statusCode).toBe(200);
    expect(livenessSchema.parse(res.json())).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is ready with the database answering and every migration in; the API still refuses that Host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: FOREIGN });
    expect(res.statusCode).toBe(200);
    expect(readinessSchema.parse(res.json())).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'done', draining: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: FOREIGN })).statusCode).toBe(421);
  });

  it('/readyz says 503 while the process drains, so balancers stop sending it work', async () => {
    t.runtime.ctx.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'done', draining: true } });
    } finally {
      t.runtime.ctx.lifecycle.draining = false;
    }
  });

  it('/readyz says behind when the database lacks a migration this console ships', async () => {
    const { db } = t.runtime.ctx;
    const rows = ((await db.execute(sql`select id, created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: { id: number; at: string }[] })
      .rows;
    // As if the newest migration had not run: its record one millisecond older than the build's journal says.
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${rows[0]!.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'behind', draining: false });
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${rows[0]!.at}::bigint where id = ${rows[0]!.id}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/metrics without METRICS_TOKEN: this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RUN_WORKERS: 'true' });
  });
  afterAll(() => t.close());

  it('answers Prometheus text with the request timings by route pattern, the runtime and the database gauges', async () => {
    const owner = await signup(t);
    // A queue with no worker: its jobs wait, and the scrape tells how many and for how long.
    const boss = t.runtime.ctx.boss!;
    await boss.createQueue('probe-backlog');
    await boss.send('probe-backlog', {});
    await boss.send('probe-backlog', {});
    await t.app.inject({ method: 'GET', url: `/api/managed-saas/instances/${crypto.randomUUID()}`, headers: { authorization: `Bearer ${owner.jwt}` } });

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The pattern, never the id: one series however many instances are asked for.
    expect(series(text, 'console_http_request_duration_seconds_count', { route: '/api/managed-saas/instances/:id', status_code: '404', method: 'GET' })).toBe(1);
    expect(text).not.toMatch(/route="\/api\/managed-saas\/instances\/[0-9a-f-]{36}"/);
    expect(series(text, 'console_http_request_duration_seconds_count', { route: '/api/signup', status_code: '201' })).toBe(1);
    expect(series(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(series(text, 'console_job_queue_depth', { queue: 'probe-backlog' })).toBe(2);
    expect(series(text, 'console_job_queue_oldest_age_seconds', { queue: 'probe-backlog' })).toBeGreaterThanOrEqual(0);
  });

  it('tells an idle queue as 0 waiting, 0 seconds old (its help says so), not as a missing series', async () => {
    await t.runtime.ctx.boss!.createQueue('probe-idle');
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(series(text, 'console_job_queue_depth', { queue: 'probe-idle' })).toBe(0);
    expect(series(text, 'console_job_queue_oldest_age_seconds', { queue: 'probe-idle' })).toBe(0);
    // And so every queue of the console's own, each declared at start.
    for (const { queue } of jobDefinitions) expect(series(text, 'console_job_queue_depth', { queue }), queue).toBeGreaterThanOrEqual(0);
  });

  it('every job queue beats, so the job of a dead process is retried elsewhere within seconds, not at its expiry', async () => {
    const rows = (
      (await t.runtime.ctx.db.execute(sql`select name, heartbeat_seconds as "heartbeatSeconds" from pgboss.queue`)) as unknown as { rows: { name: string; heartbeatSeconds: number | null }[] }
    ).rows;
    const ours = rows.filter((r) => jobDefinitions.some((d) => d.queue === r.name));
    expect(ours.map((r) => r.name).sort()).toEqual(jobDefinitions.map((d) => d.queue).sort());
    expect(ours.filter((r) => r.heartbeatSeconds !== JOB_HEARTBEAT_SECONDS)).toEqual([]);
  });

  // Issue 42, point 8: a DNS-rebinding page (attacker.example resolved to 127.0.0.1) in a browser on this machine.
  it.each(['attacker.example', 'attacker.example:3000', '127.0.0.1.attacker.example', '10.1.2.3:3000', 'localhost.:3000'])('refuses Host %j from a loopback socket', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(res.body).not.toContain('console_');
  });

  it.each(['localhost', 'localhost:3000', 'LOCALHOST:9100', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000'])('answers Host %j from a loopback socket', async (host) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console_agents_up');
  });

  it('refuses a caller from another machine, and one that came through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', ...REMOTE });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('forbidden');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-0123456788' }],
  ])('asks for the token with 401 (%s), even from this machine', async (_what, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).not.toContain('console_');
  });

  it('answers the token from anywhere (Prometheus scrapes by the pod address)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}`, ...FOREIGN }, ...REMOTE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console_workflow_steps_total');
  });

  // Here, where no worker runs: the health round (every 30 s with workers) would ask the seeded
  // instances' absent agents and mark both unhealthy in the middle of the test.
  it('counts the running instances whose agent passed its last health check', async () => {
    const owner = await signup(t);
    await seedInstance(t, owner.user.tenantId, { healthy: true });
    await seedInstance(t, owner.user.tenantId, { healthy: false });
    await seedInstance(t, owner.user.tenantId, { healthy: true, status: 'stopped' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(series(res.body, 'console_agents_up')).toBe(1);
  });
});

describe('workflow steps and driver calls', () => {
  for (const fail of [false, true]) {
    it(fail ? 'count a failed step and the failed driver call' : 'count each step run and time each driver call', async () => {
      const t = await createTestApp({}, { driver: bootingDriver(fail) });
      try {
        const owner = await signup(t);
        const instance = await newInstance(t, owner.jwt);
        const deps = workflowDepsOf(t.runtime.ctx, t.runtime.services);
        await convergeInstance(deps, instance.instanceId, once).catch((e: unknown) => {
          if (!fail) throw e;
        });
        const text = await t.runtime.ctx.metrics.registry.metrics();
        expect(series(text, 'console_workflow_steps_total', { step: 'creating', outcome: 'success' })).toBe(1);
        expect(series(text, 'console_workflow_steps_total', { step: 'initializing', outcome: fail ? 'failure' : 'success' })).toBe(1);
        expect(series(text, 'console_driver_operation_duration_seconds_count', { operation: 'create', outcome: fail ? 'failure' : 'success' })).toBe(1);
        expect(series(text, 'console_driver_operation_duration_seconds_count', { operation: 'health', outcome: 'success' })).toBe(fail ? undefined : 1);
        // Once running, its project keys are pushed: one more step, one more call.
        expect(series(text, 'console_workflow_steps_total', { step: 'config', outcome: 'success' })).toBe(fail ? undefined : 1);
        expect(series(text, 'console_driver_operation_duration_seconds_count', { operation: 'applyConfig', outcome: 'success' })).toBe(fail ? undefined : 1);
      } finally {
        await t.close();
      }
    });
  }
});
