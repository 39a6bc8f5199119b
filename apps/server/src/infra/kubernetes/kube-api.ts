import { ApiException, KubeConfig, KubernetesObjectApi, PatchStrategy, type KubernetesObject } from '@kubernetes/client-node';
import { DriverError } from '../driver';

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
  private readonly api: KubernetesObjectApi;
  readonly server: string;

  constructor(
    kubeConfig: KubeConfig,
    readonly namespace: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.api = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.server = kubeConfig.getCurrentCluster()?.server ?? 'the cluster';
  }

  /** One call, bounded in time, its failure made a DriverError. */
  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DriverError('unavailable', `The Kubernetes API at ${this.server} did not answer within ${this.timeoutMs / 1000} s (${what}); the console tries again`)), this.timeoutMs);
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (e) {
      throw kubeError(e, what, this.server);
    } finally {
      clearTimeout(timer);
    }
  }

  apply<T extends KubeObject>(object: T): Promise<T> {
    const what = `apply ${object.kind} ${object.metadata?.name}`;
    return this.call(what, () => this.api.patch(object, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply));
  }

  async read<T extends KubeObject>(apiVersion: string, kind: string, name: string): Promise<T | null> {
    try {
      return await this.call(`read ${kind} ${name}`, () => this.api.read<T>({ apiVersion, kind, metadata: { name, namespace: this.namespace } }));
    } catch (e) {
      if (e instanceof DriverError && e.code === 'not-found') return null;
      throw e;
    }
  }

  async list<T extends KubeObject>(apiVersion: string, kind: string, labelSelector?: string, fieldSelector?: string): Promise<T[]> {
    const list = await this.call(`list ${kind}`, () => this.api.list<T>(apiVersion, kind, this.namespace, undefined, undefined, undefined, fieldSelector, labelSelector));
    return list.items;
  }

  /** Deletes; an object already gone is fine. Owned objects (a StatefulSet's pods) go in the background. */
  async delete(apiVersion: string, kind: string, name: string): Promise<void> {
    try {
      await this.call(`delete ${kind} ${name}`, () => this.api.delete({ apiVersion, kind, metadata: { name, namespace: this.namespace } }, undefined, undefined, undefined, undefined, 'Background'));
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

export function kubeError(e: unknown, what: string, server: string): DriverError {
  if (e instanceof DriverError) return e;
  if (e instanceof ApiException) {
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

/** The cluster the environment names, as kubectl finds it: KUBECONFIG, ~/.kube/config, else the pod's service account. */
export function loadKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromDefault();
  return kc;
}
