import { DriverError, type InstanceSpec } from '../driver';
import type { KubeApi, KubeObject } from './kube-api';
import { INSTANCE_LABEL, KEY_HASH_ANNOTATION, MANAGED_BY, claimName, instanceObjects, keyHash, recordOf, resourceName, type KubeRecord, type KubeSettings } from './objects';

/** An instance's two secrets, as its Secret holds them. */
export interface InstanceKeys {
  secret: string;
  projectKey: string;
}

const MANAGED_SELECTOR = Object.entries(MANAGED_BY)
  .map(([k, v]) => `${k}=${v}`)
  .join(',');
const ID_PATTERN = /^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$/;

/** Every kind an instance is made of (objects.ts), in the order terminate removes them. */
const INSTANCE_KINDS: readonly [apiVersion: string, kind: string][] = [
  ['apps/v1', 'StatefulSet'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['v1', 'Service'],
  ['v1', 'PersistentVolumeClaim'],
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
];

/**
 * What the cluster holds of the driver's instances, read and written whole:
 * the record in the StatefulSet's annotation (with its claim's disk size),
 * the keys in the Secret, and the set of objects applied at once. Nothing is
 * remembered here, so any console process sees the same.
 */
export class ClusterRecords {
  constructor(
    private readonly api: KubeApi,
    private readonly settings: KubeSettings,
  ) {}

  private checkId(instanceId: string): void {
    // Every object's name carries the id: a DNS label, as Kubernetes names are.
    if (!ID_PATTERN.test(instanceId)) throw new DriverError('invalid', `Invalid instance id for Kubernetes: ${instanceId}`);
  }

  async read(instanceId: string): Promise<KubeRecord | null> {
    this.checkId(instanceId);
    const sts = await this.api.read('apps/v1', 'StatefulSet', resourceName(instanceId));
    if (!sts) return null;
    const claim = await this.api.read('v1', 'PersistentVolumeClaim', claimName(instanceId));
    return recordOf(sts, claim?.spec?.resources?.requests?.storage);
  }

  async require(instanceId: string): Promise<KubeRecord> {
    const record = await this.read(instanceId);
    if (!record) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
    return record;
  }

  async keys(instanceId: string): Promise<InstanceKeys | null> {
    const secret = await this.api.read('v1', 'Secret', resourceName(instanceId));
    const decode = (key: string) => (secret?.data?.[key] ? Buffer.from(secret.data[key], 'base64').toString('utf8') : '');
    return secret ? { secret: decode('secret'), projectKey: decode('project-key') } : null;
  }

  async requireKeys(instanceId: string): Promise<InstanceKeys> {
    const keys = await this.keys(instanceId);
    if (!keys?.projectKey) throw new DriverError('start-failed', `Instance ${instanceId} has no project key yet: it starts through create() with its spec, which brings the key`);
    return keys;
  }

  async instanceIds(): Promise<readonly string[]> {
    const held = [...(await this.api.list('apps/v1', 'StatefulSet', MANAGED_SELECTOR)), ...(await this.api.list('v1', 'Secret', MANAGED_SELECTOR))];
    return [...new Set(held.map((o) => o.metadata?.labels?.[INSTANCE_LABEL]).filter((id): id is string => !!id))];
  }

  /** True when the Secret's key, or the key the pod template was made with, is not the spec's. */
  async lacksProjectKey(spec: InstanceSpec): Promise<boolean> {
    const keys = await this.keys(spec.instanceId);
    const sts = await this.api.read('apps/v1', 'StatefulSet', resourceName(spec.instanceId));
    return keys?.projectKey !== spec.projectKey || sts?.spec?.template?.metadata?.annotations?.[KEY_HASH_ANNOTATION] !== keyHash(spec.projectKey);
  }

  /** Applies every object of the record, whole (server-side apply): a retry after any failure converges. */
  async apply(record: KubeRecord, keys: InstanceKeys): Promise<void> {
    for (const object of instanceObjects(record, keys, this.settings)) await this.api.apply(object as KubeObject);
  }

  /** Deletes every object labelled with the instance; its pod goes with its StatefulSet. */
  async remove(instanceId: string): Promise<void> {
    this.checkId(instanceId);
    const selector = `${INSTANCE_LABEL}=${instanceId}`;
    for (const [apiVersion, kind] of INSTANCE_KINDS) {
      for (const object of await this.api.list(apiVersion, kind, selector)) await this.api.delete(apiVersion, kind, object.metadata!.name!);
    }
  }

  /** One list of the namespace's StatefulSets: it needs the API, the credentials and the permission the driver needs most. */
  async checkReachable(): Promise<string | null> {
    try {
      await this.api.list('apps/v1', 'StatefulSet', MANAGED_SELECTOR);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }
}
