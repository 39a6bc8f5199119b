import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KubeApiStandIn } from './kube-stand-in';

/**
 * The stand-in API server keeps Kubernetes' semantics for what the driver uses:
 * these are the rules a real API server would hold the driver to.
 */
const s = new KubeApiStandIn();
beforeAll(() => s.listen());
afterAll(() => s.close());

const base = '/api/v1/namespaces/ns';
const call = async (method: string, path: string, body?: unknown, contentType = 'application/json') => {
  const res = await fetch(`${s.url}${path}`, { method, headers: body === undefined ? {} : { 'Content-Type': contentType }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
const apply = (path: string, body: unknown, manager = 'replay-console', force = false) =>
  call('PATCH', `${path}?fieldManager=${manager}${force ? '&force=true' : ''}`, body, 'application/apply-patch+yaml');
const configMap = (name: string, data: Record<string, string>, labels: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });

describe('the stand-in Kubernetes API server', () => {
  it('serves discovery for the kinds the driver uses', async () => {
    const core = await call('GET', '/api/v1');
    expect(core.body.resources.map((r: any) => r.kind)).toEqual(expect.arrayContaining(['Secret', 'ConfigMap', 'Service', 'PersistentVolumeClaim', 'Pod', 'Event']));
    expect((await call('GET', '/apis/apps/v1')).body.resources.map((r: any) => r.kind)).toEqual(['StatefulSet']);
    expect((await call('GET', '/apis/networking.k8s.io/v1')).body.resources.map((r: any) => r.kind)).toEqual(['Ingress']);
  });

  it('creates by server-side apply, moves resourceVersion on every write and not on an apply that changes nothing', async () => {
    const first = await apply(`${base}/configmaps/a`, configMap('a', { k: '1' }));
    expect(first.status).toBe(200);
    expect(first.body.metadata).toMatchObject({ name: 'a', namespace: 'ns', uid: expect.any(String), resourceVersion: expect.any(String) });
    const same = await apply(`${base}/configmaps/a`, configMap('a', { k: '1' }));
    expect(same.body.metadata.resourceVersion).toBe(first.body.metadata.resourceVersion);
    const changed = await apply(`${base}/configmaps/a`, configMap('a', { k: '2' }));
    expect(Number(changed.body.metadata.resourceVersion)).toBeGreaterThan(Number(first.body.metadata.resourceVersion));
    expect(changed.body.metadata.uid).toBe(first.body.metadata.uid);
    // What the manager no longer applies is gone: it owned it.
    expect((await apply(`${base}/configmaps/a`, configMap('a', {}))).body.data).toEqual({});
  });

  it('answers 409 to a replace or an apply with a stale resourceVersion, and to another manager without force', async () => {
    const current = (await apply(`${base}/configmaps/b`, configMap('b', { k: '1' }))).body;
    const stale = { ...current, data: { k: 'stale' } };
    await apply(`${base}/configmaps/b`, configMap('b', { k: '2' }));
    expect((await call('PUT', `${base}/configmaps/b`, stale)).status).toBe(409);
    expect((await apply(`${base}/configmaps/b`, stale)).status).toBe(409);
    expect((await apply(`${base}/configmaps/b`, configMap('b', { k: '3' }), 'kubectl')).body).toMatchObject({ code: 409, reason: 'Conflict' });
    expect((await apply(`${base}/configmaps/b`, configMap('b', { k: '3' }), 'kubectl', true)).status).toBe(200);
    const fresh = (await call('GET', `${base}/configmaps/b`)).body;
    expect((await call('PUT', `${base}/configmaps/b`, { ...fresh, data: { k: '4' } })).status).toBe(200);
    expect((await call('POST', `${base}/configmaps`, configMap('b', {}))).body).toMatchObject({ code: 409, reason: 'AlreadyExists' });
  });

  it('answers 404 for what does not exist, and 422 for an object the OpenAPI schema or the naming rules refuse', async () => {
    expect((await call('GET', `${base}/secrets/nothing`)).body).toMatchObject({ kind: 'Status', code: 404, reason: 'NotFound' });
    expect((await call('DELETE', `${base}/secrets/nothing`)).status).toBe(404);
    const badReplicas = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'x' }, spec: { replicas: 'one' } };
    const invalid = await apply('/apis/apps/v1/namespaces/ns/statefulsets/x', badReplicas);
    expect(invalid.body).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(invalid.body.message).toContain('replicas must be integer');
    expect((await apply(`${base}/configmaps/Upper`, configMap('Upper', {}))).status).toBe(422);
    expect((await apply(`${base}/configmaps/c`, configMap('c', {}, { bad: 'no spaces allowed' }))).status).toBe(422);
    expect((await call('PATCH', `${base}/configmaps/c`, configMap('c', {}), 'application/apply-patch+yaml')).status).toBe(422);
  });

  it('refuses a claim that shrinks, and lists by label', async () => {
    const claim = (storage: string) => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'disk', labels: { app: 'x' } },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } },
    });
    expect((await apply(`${base}/persistentvolumeclaims/disk`, claim('10Gi'))).status).toBe(200);
    expect((await apply(`${base}/persistentvolumeclaims/disk`, claim('20Gi'))).status).toBe(200);
    expect((await apply(`${base}/persistentvolumeclaims/disk`, claim('5Gi'))).body.message).toContain('can not be less than previous value');
    const listed = await call('GET', `${base}/persistentvolumeclaims?labelSelector=${encodeURIComponent('app=x')}`);
    expect(listed.body.items.map((i: any) => i.metadata.name)).toEqual(['disk']);
    expect((await call('GET', `${base}/persistentvolumeclaims?labelSelector=app%3Dy`)).body.items).toEqual([]);
  });

  it('deletes what an object owned with it (the garbage collector, background)', async () => {
    const owner = (await apply(`${base}/configmaps/owner`, configMap('owner', {}))).body;
    const owned = { ...configMap('owned', {}), metadata: { name: 'owned', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }] } };
    expect((await apply(`${base}/configmaps/owned`, owned)).status).toBe(200);
    expect((await call('DELETE', `${base}/configmaps/owner`)).body).toMatchObject({ status: 'Success' });
    expect((await call('GET', `${base}/configmaps/owned`)).status).toBe(404);
  });

  it('answers faults on demand: a status for the next requests, then normally again', async () => {
    s.fail(503, 2);
    expect((await call('GET', `${base}/configmaps/a`)).status).toBe(503);
    expect((await call('GET', `${base}/configmaps/a`)).status).toBe(503);
    expect((await call('GET', `${base}/configmaps/a`)).status).toBe(200);
    s.fail(403, 1, (method) => method === 'PATCH');
    expect((await call('GET', `${base}/configmaps/a`)).status).toBe(200);
    expect((await apply(`${base}/configmaps/a`, configMap('a', {}))).body).toMatchObject({ code: 403, reason: 'Forbidden' });
  });
});
