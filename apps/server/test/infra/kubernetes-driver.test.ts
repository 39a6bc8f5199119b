import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverError } from '../../src/infra/driver';
import { claimName, ingressCors, newRecord, podName, resourceName } from '../../src/infra/kubernetes/objects';
import { startKubeStandIn, NAMESPACE, AGENT_IMAGE, type KubeStandIn } from './kube-stand-in';
import { CONSOLE_ORIGIN, spec } from './support';

/**
 * What only the Kubernetes driver does: the objects it keeps per instance, read
 * back from the stand-in API server as a cluster holds them, and how it fails
 * when the API does not answer. The promises every driver keeps are
 * kubernetes-driver.conformance.test.ts.
 */
let k: KubeStandIn;
beforeAll(async () => {
  k = await startKubeStandIn(CONSOLE_ORIGIN);
});
afterAll(async () => {
  const cleaner = k.driver();
  for (const id of await cleaner.instanceIds()) await cleaner.terminate(id);
  await k.dispose();
});

const KINDS = ['Secret', 'ConfigMap', 'PersistentVolumeClaim', 'Service', 'Ingress', 'StatefulSet'] as const;
const objectsOf = (instanceId: string) => {
  const all = KINDS.flatMap((kind) => k.api.store.list(kind, NAMESPACE));
  return all.filter((o) => o.metadata.labels?.['replay.instance-id'] === instanceId);
};
const get = (kind: string, name: string) => k.api.store.get(kind, NAMESPACE, name)!;

describe('the Kubernetes driver', () => {
  const a = spec({ size: 'small', diskSize: 120 });
  beforeAll(async () => {
    await k.driver().create(a);
  });

  it('keeps each instance as its own labelled set: Secret, ConfigMap, claim, Service, Ingress and a StatefulSet of one pod', () => {
    const objects = objectsOf(a.instanceId);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(
      [
        `ConfigMap/${resourceName(a.instanceId)}`,
        `Ingress/${resourceName(a.instanceId)}`,
        `PersistentVolumeClaim/${claimName(a.instanceId)}`,
        `Secret/${resourceName(a.instanceId)}`,
        `Service/${resourceName(a.instanceId)}`,
        `StatefulSet/${resourceName(a.instanceId)}`,
      ].sort(),
    );
    for (const o of objects) {
      expect(o.metadata.labels).toMatchObject({ 'app.kubernetes.io/managed-by': 'replay-console', 'replay.instance-id': a.instanceId });
      expect(o.metadata.managedFields).toEqual([{ manager: 'replay-console', operation: 'Apply' }]);
    }
    expect(get('Pod', podName(a.instanceId)).metadata.labels).toMatchObject({ 'replay.instance-id': a.instanceId });
  });

  it('runs the agent image at the version as tag, with the size as requests and limits, its disk as the claim, and keys from the Secret only', () => {
    const sts = get('StatefulSet', resourceName(a.instanceId));
    const container = sts.spec.template.spec.containers[0];
    expect(container.image).toBe(`${AGENT_IMAGE}:${a.version}`);
    expect(container.resources).toEqual({ requests: { cpu: '2', memory: '8Gi' }, limits: { cpu: '2', memory: '8Gi' } });
    expect(sts.spec.template.spec.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: claimName(a.instanceId) } }]);
    expect(get('PersistentVolumeClaim', claimName(a.instanceId)).spec.resources.requests.storage).toBe('120Gi');
    const env = Object.fromEntries(container.env.map((e: any) => [e.name, e]));
    expect(env.AGENT_SECRET).toEqual({ name: 'AGENT_SECRET', valueFrom: { secretKeyRef: { name: resourceName(a.instanceId), key: 'secret' } } });
    expect(env.AGENT_PROJECT_KEY.valueFrom.secretKeyRef.key).toBe('project-key');
    expect(JSON.stringify(sts)).not.toContain(a.projectKey);
    expect(Buffer.from(get('Secret', resourceName(a.instanceId)).data!['project-key']!, 'base64').toString()).toBe(a.projectKey);
  });

  it("carries the CORS tab's origins into ingress-nginx's annotations, with the product's method and headers", async () => {
    const annotations = () => get('Ingress', resourceName(a.instanceId)).metadata.annotations!;
    expect(annotations()).toMatchObject({
      'nginx.ingress.kubernetes.io/enable-cors': 'true',
      'nginx.ingress.kubernetes.io/cors-allow-origin': '*',
      'nginx.ingress.kubernetes.io/cors-allow-methods': 'POST',
      'nginx.ingress.kubernetes.io/cors-allow-headers': 'Content-Type, Authorization, Content-Encoding',
      'nginx.ingress.kubernetes.io/cors-expose-headers': 'Content-Length',
      // ingress-nginx's default is true; nothing cross-origin may ride on the instance's cookie.
      'nginx.ingress.kubernetes.io/cors-allow-credentials': 'false',
    });
    await k.driver().applyConfig(a.instanceId, { corsOrigins: ['https://shop.example', 'https://www.shop.example:8443', 'https://[2001:db8::1]'] });
    // The IPv6 literal, which ingress-nginx cannot match, is the agent's to answer.
    expect(annotations()['nginx.ingress.kubernetes.io/cors-allow-origin']).toBe(`${CONSOLE_ORIGIN}, https://shop.example, https://www.shop.example:8443`);
    expect(annotations()['nginx.ingress.kubernetes.io/enable-cors']).toBe('true');
    expect(get('Ingress', resourceName(a.instanceId)).spec.rules[0].host).toBe(`${a.instanceId}.instances.example`);
  });

  it('makes the network access list the Ingress source ranges, keeps it from the agent (behind the Ingress it sees only the controller), and tests by it', async () => {
    const annotations = () => get('Ingress', resourceName(a.instanceId)).metadata.annotations!;
    expect(annotations()['nginx.ingress.kubernetes.io/whitelist-source-range']).toBeUndefined();
    await k.driver().applyConfig(a.instanceId, { accessList: ['203.0.113.0/24', '2001:db8::/32'] });
    expect(annotations()['nginx.ingress.kubernetes.io/whitelist-source-range']).toBe('203.0.113.0/24,2001:db8::/32');
    expect((await k.driver().readConfig(a.instanceId)).accessList).toEqual([]);
    expect(await k.driver().accessCheck(a.instanceId, '2001:db8::7')).toEqual({ address: '2001:db8::7', allowed: true, open: false, matched: '2001:db8::/32' });
    expect(await k.driver().accessCheck(a.instanceId, '198.51.100.1')).toMatchObject({ allowed: false, matched: null });
    // A CORS save keeps the list, and an empty list takes the annotation away.
    await k.driver().applyConfig(a.instanceId, { corsOrigins: ['https://shop.example'] });
    expect(annotations()['nginx.ingress.kubernetes.io/whitelist-source-range']).toBe('203.0.113.0/24,2001:db8::/32');
    await k.driver().applyConfig(a.instanceId, { accessList: [] });
    expect(annotations()['nginx.ingress.kubernetes.io/whitelist-source-range']).toBeUndefined();
    expect(await k.driver().accessCheck(a.instanceId, '198.51.100.1')).toMatchObject({ allowed: true, open: true });
  });

  it('never writes an origin saved before the rule into the Ingress (issue 42): the agent holds it, the annotation leaves it out', async () => {
    const allowOrigin = () => get('Ingress', resourceName(a.instanceId)).metadata.annotations!['nginx.ingress.kubernetes.io/cors-allow-origin'];
    const hostile = ["https://a';{}$`b.example", 'https://a"b.example', 'https://*.example.com'];
    await k.driver().applyConfig(a.instanceId, { corsOrigins: [...hostile, 'https://shop.example'] });
    expect((await k.driver().readConfig(a.instanceId)).corsOrigins).toEqual([...hostile, 'https://shop.example']);
    expect(allowOrigin()).toBe(`${CONSOLE_ORIGIN}, https://shop.example`);
    // Nothing safe left but the console's: never widened to any origin.
    await k.driver().applyConfig(a.instanceId, { corsOrigins: hostile });
    expect(allowOrigin()).toBe(CONSOLE_ORIGIN);
    await k.driver().applyConfig(a.instanceId, { corsOrigins: ['https://shop.example'] });
    // A console whose own origin ingress-nginx cannot carry: the Ingress answers no CORS, the agent all of it.
    const settings = { namespace: NAMESPACE, image: AGENT_IMAGE, ingressDomain: 'instances.example', ingressClassName: 'nginx', storageClassName: null, consoleOrigin: 'http://[::1]:3000' };
    expect(ingressCors({ ...newRecord(spec(), 0), corsOrigins: hostile }, settings)).toEqual({ 'nginx.ingress.kubernetes.io/enable-cors': 'false' });
  });

  it('runs the agent unprivileged, with no service-account token and the runtime’s default seccomp profile', () => {
    const pod = get('StatefulSet', resourceName(a.instanceId)).spec.template.spec;
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.enableServiceLinks).toBe(false);
    expect(pod.securityContext).toEqual({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.containers[0].securityContext).toEqual({ allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(get('Pod', podName(a.instanceId)).spec.automountServiceAccountToken).toBe(false);
  });

  it('grows the disk by expanding the claim, without replacing the pod', async () => {
    const pod = get('Pod', podName(a.instanceId)).metadata.uid;
    await k.driver().resizeDisk(a.instanceId, 250);
    expect(get('PersistentVolumeClaim', claimName(a.instanceId)).spec.resources.requests.storage).toBe('250Gi');
    expect(get('ConfigMap', resourceName(a.instanceId)).data).toEqual({ 'disk-gb': '250' });
    expect(get('Pod', podName(a.instanceId)).metadata.uid).toBe(pod);
    expect((await k.driver().status(a.instanceId)).diskSize).toBe(250);
  });

  it('switches the type by a new pod template: requests and limits of the new size', async () => {
    await k.driver().changeType(a.instanceId, 'large');
    const container = get('StatefulSet', resourceName(a.instanceId)).spec.template.spec.containers[0];
    expect(container.resources.limits).toEqual({ cpu: '8', memory: '32Gi' });
    expect(get('Pod', podName(a.instanceId)).spec.containers[0].resources.limits).toEqual({ cpu: '8', memory: '32Gi' });
  });

  it('says why a pod does not start, from its events', async () => {
    const broken = spec();
    const driver = k.driver({ image: 'registry.example/no-such-agent', startTimeoutMs: 1_000 });
    const error = await driver.create(broken).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'start-failed', message: expect.stringContaining('Failed: Failed to pull image "registry.example/no-such-agent:1.20": not found') });
    expect((await driver.status(broken.instanceId)).state).toBe('stopped');
    await driver.terminate(broken.instanceId);
  });

  it('terminates leaving nothing behind: no object, no pod, no volume', async () => {
    const s = spec();
    const driver = k.driver();
    await driver.create(s);
    const volume = join(k.root, 'volumes', NAMESPACE, claimName(s.instanceId));
    expect(existsSync(volume)).toBe(true);
    await driver.terminate(s.instanceId);
    await k.kubelet.settled();
    expect(objectsOf(s.instanceId)).toEqual([]);
    expect(k.api.store.get('Pod', NAMESPACE, podName(s.instanceId))).toBeNull();
    expect(existsSync(volume)).toBe(false);
  });

  it('refuses an id that cannot name Kubernetes objects', async () => {
    await expect(k.driver().status('Not_A_Label')).rejects.toMatchObject({ code: 'invalid' });
  });
});

describe('the Kubernetes driver when the API fails', () => {
  it('5xx: an unavailable error saying the console retries; the retry creates the instance once', async () => {
    const s = spec();
    const driver = k.driver();
    // The StatefulSet's apply fails after the Secret, ConfigMap, claim, Service and Ingress were applied.
    k.api.fail(503, 1, (method, path) => method === 'PATCH' && path.includes('/statefulsets/'));
    const error = await driver.create(s).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriverError);
    expect(error).toMatchObject({ code: 'unavailable', message: expect.stringContaining('answered 503') });
    expect(error).toMatchObject({ message: expect.stringContaining('tries again') });
    // Half an instance is still one the driver holds: reconcile sees it.
    expect(await driver.instanceIds()).toContain(s.instanceId);
    expect((await driver.status(s.instanceId)).state).toBe('absent');
    const created = await driver.create(s);
    expect(created.state).toBe('running');
    expect(objectsOf(s.instanceId)).toHaveLength(6);
    expect(k.api.store.list('Pod', NAMESPACE).filter((p) => p.metadata.labels?.['replay.instance-id'] === s.instanceId)).toHaveLength(1);
    await driver.terminate(s.instanceId);
  });

  it('a timeout: an unavailable error naming the API and the time it waited', async () => {
    const driver = k.driver();
    k.api.fail('hang', 1);
    await expect(driver.status(spec().instanceId)).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/did not answer within 3 s/) });
  });

  it('403 (RBAC): a forbidden error naming what the service account may not do and where the Role is', async () => {
    const s = spec();
    const driver = k.driver();
    await driver.create(s);
    k.api.fail(403, -1, (method, path) => method === 'PATCH' && path.includes('/statefulsets/'));
    try {
      const error = await driver.stop(s.instanceId).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'forbidden' });
      expect((error as Error).message).toContain('cannot patch resource "statefulsets"');
      expect((error as Error).message).toContain('docs/KUBERNETES.md');
      // Nothing changed: it still runs, and says so.
      expect((await driver.status(s.instanceId)).state).toBe('running');
    } finally {
      k.api.faults.length = 0;
    }
    expect((await driver.stop(s.instanceId)).state).toBe('stopped');
    await driver.terminate(s.instanceId);
  });

  it('an API that refuses connections: unreachable at boot (checkReachable), unhealthy for the health round, unavailable for operations', async () => {
    const down = k.driver({ api: new (await import('../../src/infra/kubernetes/kube-api')).KubeApi((await import('./kube-stand-in')).standInKubeConfig('http://127.0.0.1:9'), NAMESPACE, 3_000) });
    expect(await down.checkReachable()).toMatch(/could not be reached/);
    expect(await k.driver().checkReachable()).toBeNull();
    expect(await down.health(spec().instanceId)).toMatchObject({ healthy: false, error: expect.stringContaining('could not be reached') });
    await expect(down.create(spec())).rejects.toMatchObject({ code: 'unavailable' });
  });
});
