import type { KubeConfig, KubernetesObject, KubernetesObjectApi } from '@kubernetes/client-node';
import { DriverError } from '../driver';

type ClientNode = typeof import('@kubernetes/client-node');
let clientNode: Promise<ClientNode> | null = null;
/** Loaded at the first call: a console on the local driver never pays for it (about a second and a half at boot). */
const loadClientNode = (): Promise<ClientNode> => (clientNode ??= import('@kubernetes/client-node'));

/**
 * The driver's few calls to the Kubernetes API (client-node's generic object
 * API): apply (server-side, its own field manager, forced: the console owns
 * these objects), read (null when absent), list by label, delete (absent is
 * fine). Every failure becomes a DriverError whose message a user or an
 * operator can act on: 403 names the missing permission (RBAC), 5xx, a timeout
 * or a refused connection say the cluster's API is unavailable (`unavailable`:
 * the workflow's retry may succeed); anything else is the API's own message.
 */

export const FIELD_MANAGER = 'replay-console';

export interface KubeObject extends KubernetesObject {
  spec?: any;
  status?: any;
  data?: Record<string, string>;
}

export class KubeApi {
  private client: Promise<{ objects: KubernetesObjectApi; lib: ClientNode }> | null = null;
  server = 'the cluster';

  /** `config`: a loaded kubeconfig, or 'default' for the one kubectl would find (KUBECONFIG, ~/.kube/config, the pod's service account). */
  constructor(
    private readonly config: KubeConfig | 'default',
    readonly namespace: string,
    private readonly timeoutMs = 10_000,
  ) {}

  private connect(): Promise<{ objects: KubernetesObjectApi; lib: ClientNode }> {
    this.client ??= loadClientNode().then((lib) => {
      let kc = this.config;
      if (kc === 'default') {
        kc = new lib.KubeConfig();
        kc.loadFromDefault();
      }
      this.server = kc.getCurrentCluster()?.server ?? 'the cluster';
      return { objects: lib.KubernetesObjectApi.makeApiClient(kc), lib };
    });
    return this.client;
  }

  /** One call, bounded in time, its failure made a DriverError. */
  private async call<T>(what: string, run: (objects: KubernetesObjectApi) => Promise<T>): Promise<T> {
    let client: { objects: KubernetesObjectApi; lib: ClientNode };
    try {
      client = await this.connect();
    } catch (e) {
      // A kubeconfig that cannot be read: said as the API being unreachable, and read again next time.
      this.client = null;
      throw new DriverError('unavailable', `The Kubernetes API could not be reached to ${what}: its configuration did not load (${(e as Error).message})`);
    }
    const { objects, lib } = client;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DriverError('unavailable', `The Kubernetes API at ${this.server} did not answer within ${this.timeoutMs / 1000} s (${what}); the console tries again`)),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([run(objects), timeout]);
    } catch (e) {
      throw kubeError(e, what, this.server, lib);
    } finally {
      clearTimeout(timer);
    }
  }

  apply<T extends KubeObject>(object: T): Promise<T> {
    const what = `apply ${object.kind} ${object.metadata?.name}`;
    return this.call(what, (api) => api.patch(object, undefined, undefined, FIELD_MANAGER, true, 'application/apply-patch+yaml'));
  }

  async read<T extends KubeObject>(apiVersion: string, kind: string, name: string): Promise<T | null> {
    try {
      return await this.call(`read ${kind} ${name}`, (api) => api.read<T>({ apiVersion, kind, metadata: { name, namespace: this.namespace } }));
    } catch (e) {
      if (e instanceof DriverError && e.code === 'not-found') return null;
      throw e;
    }
  }

  async list<T extends KubeObject>(apiVersion: string, kind: string, labelSelector?: string, fieldSelector?: string): Promise<T[]> {
    const list = await this.call(`list ${kind}`, (api) => api.list<T>(apiVersion, kind, this.namespace, undefined, undefined, undefined, fieldSelector, labelSelector));
    return list.items;
  }

  /** Deletes; an object already gone is fine. Owned objects (a StatefulSet's pods) go in the background. */
  async delete(apiVersion: string, kind: string, name: string): Promise<void> {
    try {
      await this.call(`delete ${kind} ${name}`, (api) => api.delete({ apiVersion, kind, metadata: { name, namespace: this.namespace } }, undefined, undefined, undefined, undefined, 'Background'));
    } catch (e) {
      if (!(e instanceof DriverError && e.code === 'not-found')) throw e;
    }
  }
}

/** The API's Status message, when its body is one. */
function statusMessage(body: unknown): string | null {
  try {
    const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as { message?: unknown } | null;
    return typeof parsed?.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

export function kubeError(e: unknown, what: string, server: string, lib: Pick<ClientNode, 'ApiException'>): DriverError {
  if (e instanceof DriverError) return e;
  if (e instanceof lib.ApiException) {
    const message = statusMessage(e.body) ?? `HTTP ${e.code}`;
    if (e.code === 404) return new DriverError('not-found', message);
    if (e.code === 401 || e.code === 403) {
      return new DriverError('forbidden', `The Kubernetes API refused to ${what}: ${message}. The console's service account lacks a permission: give it the Role in docs/KUBERNETES.md`);
    }
    if (e.code >= 500 || e.code === 429) return new DriverError('unavailable', `The Kubernetes API answered ${e.code} to ${what} (${message}); the console tries again`);
    return new DriverError('cluster-refused', `The Kubernetes API refused to ${what} (${e.code}): ${message}`);
  }
  return new DriverError('unavailable', `The Kubernetes API at ${server} could not be reached to ${what}: ${(e as Error).message}; the console tries again`);
}
