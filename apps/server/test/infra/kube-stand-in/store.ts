import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * The stand-in API server's object store: what etcd and the API server's
 * registry do for the kinds the Kubernetes driver uses. Every write gives the
 * object a new resourceVersion (one counter for the whole store, as etcd's
 * revision), a uid at creation, and a generation that moves when its spec does.
 * Pods are deleted gracefully: a delete marks them (deletionTimestamp) and the
 * kubelet stand-in removes them once their container has ended, as a kubelet does.
 */

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }[];
    managedFields?: { manager: string; operation: string }[];
    [key: string]: unknown;
  };
  spec?: any;
  status?: any;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

const keyOf = (kind: string, namespace: string, name: string) => `${kind}/${namespace}/${name}`;
const clone = <T>(v: T): T => structuredClone(v);

export class ObjectStore extends EventEmitter<{ change: [type: ChangeType, object: KubeObject] }> {
  private readonly objects = new Map<string, KubeObject>();
  private revision = 1;

  get(kind: string, namespace: string, name: string): KubeObject | null {
    const found = this.objects.get(keyOf(kind, namespace, name));
    return found ? clone(found) : null;
  }

  list(kind: string, namespace: string): KubeObject[] {
    return [...this.objects.values()].filter((o) => o.kind === kind && o.metadata.namespace === namespace).map(clone);
  }

  currentRevision(): string {
    return String(this.revision);
  }

  /** Creates or replaces; server-owned metadata is kept or assigned here. */
  put(object: KubeObject): KubeObject {
    const namespace = object.metadata.namespace!;
    const key = keyOf(object.kind, namespace, object.metadata.name);
    const existing = this.objects.get(key);
    const specChanged = !existing || JSON.stringify(existing.spec) !== JSON.stringify(object.spec);
    const stored: KubeObject = clone({
      ...object,
      metadata: {
        ...object.metadata,
        uid: existing?.metadata.uid ?? randomUUID(),
        creationTimestamp: existing?.metadata.creationTimestamp ?? new Date().toISOString(),
        generation: (existing?.metadata.generation ?? 0) + (specChanged ? 1 : 0),
        resourceVersion: String(++this.revision),
      },
    });
    this.objects.set(key, stored);
    this.emit('change', existing ? 'MODIFIED' : 'ADDED', clone(stored));
    return clone(stored);
  }

  /**
   * A delete as the API server does it: a pod is marked and left for its kubelet
   * to end; anything else goes at once, and the garbage collector then deletes
   * what it owned (background propagation).
   */
  delete(kind: string, namespace: string, name: string): KubeObject | null {
    const existing = this.objects.get(keyOf(kind, namespace, name));
    if (!existing) return null;
    if (kind === 'Pod') {
      if (existing.metadata.deletionTimestamp) return clone(existing);
      return this.put({ ...existing, metadata: { ...existing.metadata, deletionTimestamp: new Date().toISOString() } });
    }
    return this.remove(kind, namespace, name);
  }

  /** Removes the object now (a pod's kubelet, once its container ended), then what it owned. */
  remove(kind: string, namespace: string, name: string): KubeObject | null {
    const key = keyOf(kind, namespace, name);
    const existing = this.objects.get(key);
    if (!existing) return null;
    this.objects.delete(key);
    this.revision++;
    this.emit('change', 'DELETED', clone(existing));
    for (const owned of [...this.objects.values()]) {
      if (owned.metadata.ownerReferences?.some((ref) => ref.uid === existing.metadata.uid)) {
        this.delete(owned.kind, owned.metadata.namespace!, owned.metadata.name);
      }
    }
    return clone(existing);
  }
}
