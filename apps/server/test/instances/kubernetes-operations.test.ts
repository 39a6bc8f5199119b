import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ANNOTATIONS, DAY_MS, VERSION_MESSAGES, corsSaveBody, type Instance, type InstanceBackups, type InstanceConfig, type SsoConfig } from '@replay/contracts';
import { startTestIdp, type TestIdp } from '@replay/test-idp';
import { tenants } from '../../src/db/schema';
import { runBackupRound } from '../../src/modules/backups/backups.schedule';
import { backupName } from '../../src/modules/backups/backups.repo';
import { workflowEnqueuer } from '../../src/modules/instances/workflow/instances.jobs';
import { versionRegistry } from '../../src/infra/versions';
import { claimName, podName, resourceName } from '../../src/infra/kubernetes/objects';
import { createTestApp, type TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { NAMESPACE, startKubeStandIn, type KubeStandIn } from '../infra/kube-stand-in';
import { api, newInstance, until } from './support';

/**
 * Every operation of the earlier issues, through the API and the workflow, on
 * the Kubernetes driver (the stand-in API server and kubelet running real
 * agents): disk growth as volume expansion, switch, CORS into the Ingress,
 * retention, SSO, backup and restore, and a version upgrade whose version
 * fails to start, rolled back with its data.
 */
const BROKEN_AGENT = fileURLToPath(new URL('../fixtures/agent-exits-at-start.mjs', import.meta.url));
let k: KubeStandIn;
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
let idp: TestIdp;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const read = async () => (await api(t, owner.jwt).get(path())).json().data as Instance;
const atRest = (what: string) => until(read, (i) => i.status === 'running' && !i.inProgress && !i.storageInProgress, 60_000, what);
const get = (kind: string, name: string) => k.api.store.get(kind, NAMESPACE, name)!;
const podUid = () => get('Pod', podName(inst.instanceId)).metadata.uid;
const driver = () => k.driver({ versions: versionRegistry({ extra: [{ version: '1.22' }], forNewInstances: '1.20' }) });

beforeAll(async () => {
  idp = await startTestIdp();
  k = await startKubeStandIn('http://localhost:3000', { entryOfTag: { '1.22': BROKEN_AGENT } });
  t = await createTestApp({ RUN_WORKERS: 'true', NEW_INSTANCE_VERSION: '1.20', EXTRA_VERSIONS: JSON.stringify([{ version: '1.22', tracker: '17.0.0' }]) }, { driver: driver() });
  owner = await signup(t, { organizationName: 'Cluster Corp' });
  // Billed by contract, so a dearer type may be chosen.
  await t.runtime.ctx.db.update(tenants).set({ edition: 'ee' }).where(eq(tenants.id, owner.user.tenantId));
  inst = await newInstance(t, owner.jwt, { name: 'Clustered', size: 'small' });
  inst = await atRest('running');
}, 90_000);
afterAll(async () => {
  await t.close();
  const cleaner = k.driver();
  for (const id of await cleaner.instanceIds()) await cleaner.terminate(id);
  await k.dispose();
  await idp.close();
});

describe('the earlier issues’ operations on the Kubernetes driver', () => {
  it('grows the disk as a volume expansion, online (the same pod)', { timeout: 60_000 }, async () => {
    const before = podUid();
    expect((await api(t, owner.jwt).post(path('/disk-upgrade'), { diskSize: 200 })).statusCode).toBe(200);
    inst = await until(read, (i) => i.diskSize === 200 && !i.storageInProgress, 60_000, 'the disk');
    expect(get('PersistentVolumeClaim', claimName(inst.instanceId)).spec.resources.requests.storage).toBe('200Gi');
    expect(podUid()).toBe(before);
    expect((await driver().stats(inst.instanceId)).disk.totalBytes).toBe(200 * 1024 ** 3);
  });

  it('switches the type: a new pod with the new requests and limits', { timeout: 60_000 }, async () => {
    const before = podUid();
    const res = await api(t, owner.jwt).post(path('/instance-upgrade'), { instanceType: 'medium' });
    expect(res.statusCode, res.body).toBe(200);
    inst = await until(read, (i) => i.size === 'medium' && i.status === 'running' && !i.inProgress, 60_000, 'the switch');
    expect(podUid()).not.toBe(before);
    expect(get('Pod', podName(inst.instanceId)).spec.containers[0].resources).toEqual({ requests: { cpu: '4', memory: '16Gi' }, limits: { cpu: '4', memory: '16Gi' } });
    expect((await driver().stats(inst.instanceId)).cpu.vcpu).toBe(4);
  });

  it("saves CORS origins into the agent and the Ingress's ingress-nginx annotations", { timeout: 60_000 }, async () => {
    const current = (await api(t, owner.jwt).get(path('/config'))).json().data as InstanceConfig;
    const res = await api(t, owner.jwt).post(path('/config'), corsSaveBody(current, ['https://app.example.com']));
    expect(res.statusCode, res.body).toBe(200);
    await until(
      async () => (await driver().readConfig(inst.instanceId)).corsOrigins,
      (o) => o.length === 1,
      30_000,
      'the config step',
    );
    await until(
      async () => get('Ingress', resourceName(inst.instanceId)).metadata.annotations![CORS_ANNOTATIONS.allowOrigin],
      (v) => v?.includes('https://app.example.com') ?? false,
      30_000,
      'the Ingress',
    );
    const preflight = (await api(t, owner.jwt).post(path('/cors-check'), { origin: 'https://app.example.com' })).json().data;
    expect(preflight).toMatchObject({ allowed: true });
  });

  it('applies the retention to the agent', { timeout: 60_000 }, async () => {
    expect((await api(t, owner.jwt).post(path('/config-disk-usage'), { days: 30 })).statusCode).toBe(200);
    await until(
      async () => (await driver().readConfig(inst.instanceId)).retentionDays,
      (d) => d === 30,
      30_000,
      'the retention',
    );
  });

  it('gives the agent its SSO identity provider', { timeout: 60_000 }, async () => {
    const body = { idp_entityId: idp.entityId, idp_name: 'Test IdP', idp_sso_url: idp.ssoUrl, idp_slo_url: null, idp_x509cert: idp.certPem, enforce_SSO: false };
    expect((await api(t, owner.jwt).post(path('/config-sso'), body)).statusCode).toBe(200);
    await until(
      async () => (await api(t, owner.jwt).get(path('/config-sso'))).json().data as SsoConfig,
      (s) => !s.pending,
      30_000,
      'the SSO step',
    );
    expect((await driver().readConfig(inst.instanceId)).sso).toMatchObject({ idpEntityId: idp.entityId, idpSsoUrl: idp.ssoUrl });
  });

  it('takes a backup and restores it through the agent, on the instance’s volume', { timeout: 60_000 }, async () => {
    const backups = async () => (await api(t, owner.jwt).get(path('/backups'))).json().data as InstanceBackups;
    expect((await api(t, owner.jwt).post(path('/backups'))).statusCode).toBe(200);
    const done = await until(backups, (b) => b.backups.length === 1 && b.backups[0]!.status !== 'pending', 30_000, 'the backup');
    expect(done.backups[0]).toMatchObject({ status: 'done', bytes: expect.any(Number) });
    const restore = await api(t, owner.jwt).post(path(`/backups/${done.backups[0]!.backupId}/restore`));
    expect(restore.statusCode, restore.body).toBe(200);
    await until(backups, (b) => b.restoringBackupId === null, 30_000, 'the restore');
    // Past the retention, the schedule's round removes it from the volume, through the agent.
    const name = backupName({ backupId: done.backups[0]!.backupId, upgradeKey: null });
    const round = (now: Date) =>
      runBackupRound({ db: t.runtime.ctx.db, driver: t.runtime.ctx.driver, clock: { now: () => now }, enqueue: workflowEnqueuer(t.runtime.ctx.boss), daily: false, retentionDays: 7 });
    expect(await round(new Date(Date.now() + 8 * DAY_MS))).toMatchObject({ removed: 1, removalsFailed: 0 });
    await expect(driver().restoreData(inst.instanceId, name, 'after-retention')).rejects.toThrow(`No backup named ${name}`);
  });

  it('upgrades, and rolls back with its data a version that fails to start', { timeout: 120_000 }, async () => {
    await driver().applyConfig(inst.instanceId, { retentionDays: 30 });
    const res = await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.22' });
    expect(res.statusCode, res.body).toBe(200);
    inst = await until(read, (i) => i.status === 'running' && !i.inProgress && i.pendingVersion === null, 100_000, 'the rollback');
    expect(inst).toMatchObject({ version: '1.20', healthy: true, uiFailure: VERSION_MESSAGES.rolledBack('1.22', '1.20') });
    expect(inst.failure).toBe(VERSION_MESSAGES.didNotStart('1.22'));
    expect((await driver().health(inst.instanceId)).version).toBe('1.20');
    expect(get('StatefulSet', resourceName(inst.instanceId)).spec.template.spec.containers[0].image).toMatch(/:1\.20$/);
    // The data from before the upgrade, configuration included, is what the agent runs with.
    expect((await driver().readConfig(inst.instanceId)).retentionDays).toBe(30);
    // And a real upgrade lands.
    expect((await api(t, owner.jwt).post(path('/version-upgrade'), { version: '1.21' })).statusCode).toBe(200);
    inst = await until(read, (i) => i.status === 'running' && !i.inProgress && i.version === '1.21', 60_000, 'the upgrade');
    expect((await driver().health(inst.instanceId)).version).toBe('1.21');
  });
});
