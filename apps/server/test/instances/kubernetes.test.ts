import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFRASTRUCTURE_UNAVAILABLE_MESSAGE, type Instance } from '@replay/contracts';
import { KubeApi } from '../../src/infra/kubernetes/kube-api';
import { podName, resourceName } from '../../src/infra/kubernetes/objects';
import { createTestApp, type TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { NAMESPACE, standInKubeConfig, startKubeStandIn, type KubeStandIn } from '../infra/kube-stand-in';
import { api, newInstance, seedInstance, until } from './support';

/**
 * The console on the Kubernetes driver (INFRA_DRIVER=kubernetes) against the
 * stand-in API server and kubelet: the workflow drives real agents through the
 * cluster's objects, retries when the API fails, and a console whose cluster
 * cannot be reached says so at boot and serves everything else.
 */
let k: KubeStandIn;
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  k = await startKubeStandIn('http://localhost:3000');
  t = await createTestApp({ RUN_WORKERS: 'true' }, { driver: k.driver() });
  owner = await signup(t, { organizationName: 'Acme Corp' });
});
afterAll(async () => {
  await t.close();
  const cleaner = k.driver();
  for (const id of await cleaner.instanceIds()) await cleaner.terminate(id);
  await k.dispose();
});

const read = (id: string) => async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${id}`)).json().data as Instance;
const podsOf = (id: string) => k.api.store.list('Pod', NAMESPACE).filter((p) => p.metadata.labels?.['replay.instance-id'] === id);

describe('the console on a Kubernetes cluster', () => {
  let inst: Instance;

  it('creates an instance through the workflow, retrying when the API answers 503, and runs it once', { timeout: 60_000 }, async () => {
    // The first StatefulSet apply fails: the workflow's first attempt fails, its retry converges.
    k.api.fail(503, 1, (method, path) => method === 'PATCH' && path.includes('/statefulsets/'));
    inst = await newInstance(t, owner.jwt, { name: 'Storefront' });
    const running = await until(read(inst.instanceId), (i) => i.status === 'running' && !i.inProgress, 45_000, 'running');
    expect(running).toMatchObject({ healthy: true, failure: null });
    expect(k.api.faults[0]!.times).toBe(0);
    expect(k.api.store.get('StatefulSet', NAMESPACE, resourceName(inst.instanceId))).not.toBeNull();
    expect(podsOf(inst.instanceId)).toHaveLength(1);
    const health = await (await fetch(running.healthCheckUrl!.replace('//localhost:', '//127.0.0.1:'))).json();
    expect(health).toMatchObject({ instanceId: inst.instanceId, tenants: [{ active: true }] });
  });

  it('a stop refused by RBAC shows the reason on the instance while the workflow retries, and completes once permitted', { timeout: 60_000 }, async () => {
    k.api.fail(403, -1, (method, path) => method === 'PATCH' && path.includes('/statefulsets/'));
    try {
      expect((await api(t, owner.jwt).post(`/managed-saas/instances/${inst.instanceId}/actions`, { action: 'stop' })).statusCode).toBe(200);
      const failing = await until(read(inst.instanceId), (i) => i.failure !== null, 30_000, 'a recorded failure');
      expect(failing).toMatchObject({ status: 'stopping', failure: expect.stringContaining('lacks a permission') });
      // Still running: nothing was changed by the refused call.
      expect(podsOf(inst.instanceId)).toHaveLength(1);
    } finally {
      k.api.faults.length = 0;
    }
    await until(read(inst.instanceId), (i) => i.status === 'stopped' && !i.inProgress, 45_000, 'stopped');
    expect(podsOf(inst.instanceId)).toEqual([]);
    expect(k.api.store.get('Pod', NAMESPACE, podName(inst.instanceId))).toBeNull();
  });
});

describe('a console started with INFRA_DRIVER=kubernetes and no reachable cluster', () => {
  let down: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const unreachable = k.driver({ api: new KubeApi(standInKubeConfig('http://127.0.0.1:9'), NAMESPACE, 2_000) });
    down = await createTestApp({ RUN_WORKERS: 'true' }, { driver: unreachable, runtimeLogger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => down.close());

  it('says so at boot, stays ready, serves what does not need the cluster, and answers instance operations with a clear 503', async () => {
    expect(lines.some((l) => l.includes('The kubernetes infrastructure cannot be reached') && l.includes('could not be reached'))).toBe(true);
    expect((await down.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const member = await signup(down, { organizationName: 'Offline Corp' });
    expect((await api(down, member.jwt).get('/managed-saas/instances')).statusCode).toBe(200);
    const row = await seedInstance(down, member.user.tenantId, { status: 'running' });
    const login = await api(down, member.jwt).get(`/managed-saas/instances/${row.instanceId}/jwt`);
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ errors: [INFRASTRUCTURE_UNAVAILABLE_MESSAGE], code: 'infrastructure_unavailable' });
  });
});
