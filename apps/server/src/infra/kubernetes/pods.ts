import { createHash } from 'node:crypto';
import { DriverError, type InstanceRuntime } from '../driver';
import type { KubeApi, KubeObject } from './kube-api';
import { podName, resourceName, type KubeRecord } from './objects';

/**
 * A process identity for a pod's container, as InstanceRuntime's `pid` names
 * one: the same while the container runs, new when the pod is replaced or its
 * container restarted (a number from the pod's uid and its restart count).
 */
export function podPid(uid: string, restartCount: number): number {
  return Number.parseInt(createHash('sha256').update(`${uid}:${restartCount}`).digest('hex').slice(0, 12), 16);
}

export const isReady = (pod: KubeObject | null): boolean => pod?.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True') ?? false;

/** What an instance is, from its record (null: none) and its pod: running only while the pod is Ready and not going away. */
export function runtimeOf(instanceId: string, record: KubeRecord | null, pod: KubeObject | null, url: string | null): InstanceRuntime {
  const running = record !== null && pod !== null && !pod.metadata?.deletionTimestamp && isReady(pod);
  const restarts = pod?.status?.containerStatuses?.[0]?.restartCount ?? 0;
  return {
    instanceId,
    state: !record ? 'absent' : running ? 'running' : 'stopped',
    url,
    healthUrl: url && `${url}/api/health`,
    pid: running ? podPid(pod!.metadata!.uid!, restarts) : null,
    version: record?.version ?? null,
    size: record?.size ?? null,
    diskSize: record?.diskSize ?? null,
  };
}

/**
 * An instance's pod as the cluster shows it: read, waited for (Ready at the
 * StatefulSet's current revision, or gone), and explained by its events. The
 * driver polls (every `pollMs`) rather than watches: a few reads per operation.
 */
export class Pods {
  constructor(
    private readonly api: KubeApi,
    private readonly opts: { startTimeoutMs: number; stopTimeoutMs: number; pollMs: number },
  ) {}

  pod(instanceId: string): Promise<KubeObject | null> {
    return this.api.read('v1', 'Pod', podName(instanceId));
  }

  private pause(): Promise<void> {
    return new Promise((r) => setTimeout(r, this.opts.pollMs));
  }

  /**
   * Waits until the pod of the StatefulSet's current revision is Ready, and
   * answers it. A pod whose container ended (a crash: a kubelet would restart it
   * only after a back-off) is deleted once, so its controller makes a new one
   * now; a new one that ends too failed to start, and the error says how.
   */
  async waitRunning(instanceId: string): Promise<KubeObject> {
    const deadline = Date.now() + this.opts.startTimeoutMs;
    let replaced = false;
    while (Date.now() < deadline) {
      const sts = await this.api.read('apps/v1', 'StatefulSet', resourceName(instanceId));
      if (!sts) throw new DriverError('not-found', `Instance ${instanceId} does not exist`);
      const pod = await this.pod(instanceId);
      const current = sts.status?.observedGeneration >= (sts.metadata?.generation ?? 0) && pod?.metadata?.labels?.['controller-revision-hash'] === sts.status?.updateRevision;
      if (current && !pod?.metadata?.deletionTimestamp && isReady(pod)) return pod!;
      const state = pod?.status?.containerStatuses?.[0]?.state;
      if (current && (state?.terminated || state?.waiting?.reason === 'CrashLoopBackOff')) {
        const exit = state.terminated ? `exited with code ${state.terminated.exitCode}` : 'keeps crashing (CrashLoopBackOff)';
        if (replaced) throw new DriverError('start-failed', `The agent of instance ${instanceId} ${exit}: ${await this.events(instanceId)}`);
        replaced = true;
        await this.api.delete('v1', 'Pod', podName(instanceId));
      }
      await this.pause();
    }
    throw new DriverError('start-failed', `The pod of instance ${instanceId} did not become ready in time: ${await this.events(instanceId)}`);
  }

  /** Waits until the instance's pod is gone (its container ended). */
  async waitGone(instanceId: string): Promise<void> {
    const deadline = Date.now() + this.opts.stopTimeoutMs;
    while (await this.pod(instanceId)) {
      if (Date.now() > deadline) throw new DriverError('start-failed', `The pod of instance ${instanceId} did not end in time: ${await this.events(instanceId)}`);
      await this.pause();
    }
  }

  /** Why a pod is not running, as the cluster says: its latest warning events. */
  async events(instanceId: string): Promise<string> {
    const events = await this.api.list('v1', 'Event', undefined, `involvedObject.name=${podName(instanceId)}`).catch(() => []);
    const said = events
      .filter((e: KubeObject & { type?: string }) => e.type === 'Warning')
      .map((e: KubeObject & { reason?: string; message?: string }) => `${e.reason}: ${e.message}`)
      .slice(-3);
    return said.length > 0 ? said.join('; ') : 'no warning events';
  }
}
