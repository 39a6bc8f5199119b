import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../src/lib/free-port';
import type { ObjectStore, KubeObject } from './store';

/**
 * The StatefulSet controller and the kubelet, for the stand-in API server's
 * store: a StatefulSet of one replica gets its pod `<name>-0`, whose container
 * runs here as a real process (the image's program, the pod's args and env,
 * secretKeyRef and configMapKeyRef resolved), with its PersistentVolumeClaim as
 * a folder that outlives the pod. The pod turns Ready when its readiness probe
 * answers 200; a template change replaces the pod (rolling update, one replica);
 * replicas 0 or a delete ends the process (SIGTERM, then SIGKILL) before the pod
 * is gone. A container that exits is not restarted (an infinite back-off): the
 * pod shows it, not Ready, with a BackOff event, until someone deletes the pod.
 *
 * The liberties a real node does not take, since processes here share one
 * network and one file system:
 *   - network: the container's port is the Service's, mapped to a local port the
 *     stand-in picks per Service (`portOf`), and given to the agent through its own
 *     settings (AGENT_PORT, AGENT_HOST=127.0.0.1);
 *   - volumes: an env value under a volume's mountPath is rewritten to the claim's folder;
 *   - images: `entryOf(image)` names the program an image would run.
 * Resources (requests, limits) are kept on the pod and not enforced by a cgroup; the
 * agent enforces its memory itself (NODE_OPTIONS from the env).
 */

export interface KubeletOptions {
  root: string;
  /** The program an image runs; null for an image the registry does not have. */
  entryOf(image: string): string | null;
  nodeFlags?: string[];
  stopGraceMs?: number;
}

interface Container {
  pod: string;
  podUid: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** Set by a stop the kubelet asked for: the exit is not a crash. */
  stopping: boolean;
}

const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 10);

export class KubeletStandIn {
  private readonly containers = new Map<string, Container>();
  /** Every container ever started: pod uid → OS pid (tests: did it end?). */
  readonly history = new Map<string, number>();
  /** Each Service's local port, picked when it is created and kept until it is deleted (its cluster address, here). */
  private readonly servicePorts = new Map<string, number>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: ObjectStore,
    private readonly opts: KubeletOptions,
  ) {
    store.on('change', (type, object) => this.enqueue(() => this.react(type, object)));
  }

  /** One reaction at a time, in the order the store changed, as a controller's work queue. */
  private enqueue(work: () => Promise<void> | void): void {
    this.queue = this.queue.then(work).catch((e: unknown) => console.error('kubelet stand-in:', e));
  }

  /** Resolves once everything the store asked of it so far is done. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async react(type: string, object: KubeObject): Promise<void> {
    if (this.closed) return;
    const ns = object.metadata.namespace!;
    if (object.kind === 'Service' && type === 'ADDED') this.servicePorts.set(`${ns}/${object.metadata.name}`, await freePort(new Set(this.servicePorts.values())));
    if (object.kind === 'Service' && type === 'DELETED') this.servicePorts.delete(`${ns}/${object.metadata.name}`);
    if (object.kind === 'StatefulSet' && type !== 'DELETED') await this.syncStatefulSet(ns, object.metadata.name);
    if (object.kind === 'PersistentVolumeClaim' && type === 'DELETED') rmSync(this.volumeDir(ns, object.metadata.name), { recursive: true, force: true });
    if (object.kind === 'PersistentVolumeClaim' && type !== 'DELETED') this.resizeClaim(object);
    if (object.kind === 'Pod') {
      if (type === 'DELETED') {
        const owner = object.metadata.ownerReferences?.find((r) => r.kind === 'StatefulSet');
        if (owner) await this.syncStatefulSet(ns, owner.name);
      } else if (object.metadata.deletionTimestamp) {
        await this.endPod(object);
      }
    }
  }

  /** A claim's size is what it asks: expansion always succeeds here (an expandable storage class). */
  private resizeClaim(claim: KubeObject): void {
    const requested = claim.spec?.resources?.requests?.storage;
    if (claim.status?.capacity?.storage === requested && claim.status?.phase === 'Bound') return;
    mkdirSync(this.volumeDir(claim.metadata.namespace!, claim.metadata.name), { recursive: true });
    this.store.put({ ...claim, status: { phase: 'Bound', accessModes: claim.spec?.accessModes, capacity: { storage: requested } } });
  }

  private volumeDir(ns: string, claim: string): string {
    return join(this.opts.root, 'volumes', ns, claim);
  }

  private async syncStatefulSet(ns: string, name: string): Promise<void> {
    const sts = this.store.get('StatefulSet', ns, name);
    if (!sts) return;
    const revision = `${name}-${hash(sts.spec.template)}`;
    const replicas = sts.spec.replicas ?? 1;
    const podName = `${name}-0`;
    let pod = this.store.get('Pod', ns, podName);
    if (pod && !pod.metadata.deletionTimestamp && (replicas === 0 || pod.metadata.labels?.['controller-revision-hash'] !== revision)) {
      this.store.delete('Pod', ns, podName);
    } else if (!pod && replicas > 0) {
      pod = this.store.put(this.newPod(sts, podName, revision));
      this.enqueue(() => this.runPod(pod!));
    }
    pod = this.store.get('Pod', ns, podName);
    const ready = pod && !pod.metadata.deletionTimestamp && isReady(pod) ? 1 : 0;
    const status = { observedGeneration: sts.metadata.generation, replicas: pod ? 1 : 0, readyReplicas: ready, currentRevision: revision, updateRevision: revision };
    if (JSON.stringify(sts.status) !== JSON.stringify(status)) this.store.put({ ...sts, status });
  }

  private newPod(sts: KubeObject, name: string, revision: string): KubeObject {
    const template = sts.spec.template;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: sts.metadata.namespace,
        labels: { ...template.metadata?.labels, 'controller-revision-hash': revision, 'statefulset.kubernetes.io/pod-name': name },
        annotations: { ...template.metadata?.annotations },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: sts.metadata.name, uid: sts.metadata.uid!, controller: true }],
      },
      spec: structuredClone(template.spec),
      status: { phase: 'Pending', conditions: [{ type: 'Ready', status: 'False' }] },
    };
  }

  private event(pod: KubeObject, reason: string, message: string, type = 'Normal'): void {
    this.store.put({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${pod.metadata.name}.${randomUUID().slice(0, 8)}`, namespace: pod.metadata.namespace },
      involvedObject: { kind: 'Pod', name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
      reason,
      message,
      type,
      lastTimestamp: new Date().toISOString(),
    });
  }

  private setStatus(pod: KubeObject, status: Record<string, unknown>): void {
    const current = this.store.get('Pod', pod.metadata.namespace!, pod.metadata.name);
    if (!current || current.metadata.uid !== pod.metadata.uid) return;
    this.store.put({ ...current, status: { ...current.status, ...status } });
  }

  /** Starts the pod's one container, or leaves the pod Pending/Waiting with an event saying why. */
  private runPod(pod: KubeObject): void {
    const ns = pod.metadata.namespace!;
    const container = pod.spec.containers[0];
    const mounts: { path: string; dir: string }[] = [];
    for (const mount of container.volumeMounts ?? []) {
      const volume = pod.spec.volumes?.find((v: any) => v.name === mount.name);
      const claim = volume?.persistentVolumeClaim?.claimName;
      if (!claim || !this.store.get('PersistentVolumeClaim', ns, claim)) {
        this.event(pod, 'FailedScheduling', `persistentvolumeclaim "${claim}" not found`, 'Warning');
        return;
      }
      mounts.push({ path: mount.mountPath, dir: this.volumeDir(ns, claim) });
      mkdirSync(this.volumeDir(ns, claim), { recursive: true });
    }
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const e of container.env ?? []) {
      let value: string | undefined = e.value;
      const secretRef = e.valueFrom?.secretKeyRef;
      const configRef = e.valueFrom?.configMapKeyRef;
      if (secretRef) {
        const data = this.store.get('Secret', ns, secretRef.name)?.data?.[secretRef.key];
        value = data === undefined ? undefined : Buffer.from(data, 'base64').toString('utf8');
      } else if (configRef) {
        value = this.store.get('ConfigMap', ns, configRef.name)?.data?.[configRef.key];
      }
      if (value === undefined) {
        const ref = secretRef ? `secret "${secretRef.name}"` : `configmap "${configRef?.name}"`;
        this.event(pod, 'Failed', `Error: couldn't find key ${(secretRef ?? configRef)?.key} in ${ref}`, 'Warning');
        this.setStatus(pod, { containerStatuses: [{ name: container.name, ready: false, restartCount: 0, state: { waiting: { reason: 'CreateContainerConfigError' } } }] });
        return;
      }
      for (const m of mounts) if (value.startsWith(m.path)) value = m.dir + value.slice(m.path.length);
      env[e.name] = value;
    }
    const port = this.portOf(ns, pod.metadata.ownerReferences?.[0]?.name ?? '');
    if (port === undefined) {
      this.event(pod, 'Failed', 'no Service selects this pod', 'Warning');
      return;
    }
    env.AGENT_PORT = String(port);
    env.AGENT_HOST = '127.0.0.1';
    const entryFile = this.opts.entryOf(container.image);
    if (!entryFile) {
      this.event(pod, 'Failed', `Failed to pull image "${container.image}": not found`, 'Warning');
      this.setStatus(pod, { containerStatuses: [{ name: container.name, ready: false, restartCount: 0, state: { waiting: { reason: 'ErrImagePull' } } }] });
      return;
    }
    mkdirSync(join(this.opts.root, 'logs'), { recursive: true });
    const log = openSync(join(this.opts.root, 'logs', `${ns}-${pod.metadata.name}.log`), 'a');
    let child: ChildProcess;
    try {
      child = spawn(process.execPath, [...(this.opts.nodeFlags ?? []), entryFile, ...(container.args ?? [])], { detached: true, stdio: ['ignore', log, log], env, cwd: this.opts.root });
    } finally {
      closeSync(log);
    }
    const entry: Container = { pod: pod.metadata.name, podUid: pod.metadata.uid!, child, stopping: false, exited: new Promise((resolve) => child.once('exit', () => resolve())) };
    this.containers.set(pod.metadata.uid!, entry);
    this.history.set(pod.metadata.uid!, child.pid!);
    this.event(pod, 'Started', `Started container ${container.name}`);
    this.setStatus(pod, {
      phase: 'Running',
      podIP: '127.0.0.1',
      containerStatuses: [{ name: container.name, ready: false, restartCount: 0, state: { running: { startedAt: new Date().toISOString() } } }],
    });
    child.once('exit', (code, signal) =>
      this.enqueue(() => {
        this.containers.delete(pod.metadata.uid!);
        if (entry.stopping) return;
        this.setStatus(pod, {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'False' }],
          containerStatuses: [{ name: container.name, ready: false, restartCount: 0, state: { terminated: { exitCode: code ?? 137, reason: signal ? 'Error' : 'Completed' } } }],
        });
        this.event(pod, 'BackOff', `Back-off restarting failed container ${container.name} in pod ${pod.metadata.name}`, 'Warning');
        void this.syncOwner(pod);
      }),
    );
    void this.probe(pod, entry, port, container.readinessProbe?.httpGet?.path ?? '/');
  }

  private async syncOwner(pod: KubeObject): Promise<void> {
    const owner = pod.metadata.ownerReferences?.[0];
    if (owner) await this.syncStatefulSet(pod.metadata.namespace!, owner.name);
  }

  /** The readiness probe: until the container answers 200 (then Ready) or ends. */
  private async probe(pod: KubeObject, entry: Container, port: number, path: string): Promise<void> {
    while (this.containers.get(entry.podUid) === entry && !this.closed) {
      const ok = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok && this.containers.get(entry.podUid) === entry) {
        this.enqueue(async () => {
          if (this.containers.get(entry.podUid) !== entry) return;
          const status = this.store.get('Pod', pod.metadata.namespace!, pod.metadata.name)?.status;
          this.setStatus(pod, {
            conditions: [{ type: 'Ready', status: 'True' }],
            containerStatuses: status?.containerStatuses?.map((c: any) => ({ ...c, ready: true })),
          });
          await this.syncOwner(pod);
        });
        return;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** A pod being deleted: its container ends (grace, then kill), then the pod is gone. */
  private async endPod(pod: KubeObject): Promise<void> {
    const entry = this.containers.get(pod.metadata.uid!);
    if (entry) {
      entry.stopping = true;
      this.event(pod, 'Killing', `Stopping container ${pod.spec.containers[0].name}`);
      signalGroup(entry.child.pid!, 'SIGTERM');
      const grace = setTimeout(() => signalGroup(entry.child.pid!, 'SIGKILL'), this.opts.stopGraceMs ?? 5000);
      await entry.exited;
      clearTimeout(grace);
      this.containers.delete(pod.metadata.uid!);
    }
    this.store.remove('Pod', pod.metadata.namespace!, pod.metadata.name);
  }

  /** The local port a Service answers on (what its cluster address is, here). */
  portOf(ns: string, service: string): number | undefined {
    return this.servicePorts.get(`${ns}/${service}`);
  }

  /** The OS pid of a pod's container (tests: a crash, or whether it ended). */
  pidOf(podUid: string): number | null {
    return this.containers.get(podUid)?.child.pid ?? null;
  }

  /** Kills a pod's container behind everyone's back; resolves once the pod shows it. */
  async crash(ns: string, podName: string): Promise<void> {
    const pod = this.store.get('Pod', ns, podName);
    const entry = pod && this.containers.get(pod.metadata.uid!);
    if (!entry) throw new Error(`No container runs for pod ${podName}`);
    signalGroup(entry.child.pid!, 'SIGKILL');
    await entry.exited;
    // The exit's status update was queued by the exit handler.
    await new Promise((r) => setImmediate(r));
    await this.settled();
  }

  /** Ends every container (the test's end). */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
    for (const entry of this.containers.values()) {
      entry.stopping = true;
      signalGroup(entry.child.pid!, 'SIGKILL');
      await entry.exited;
    }
    this.containers.clear();
  }
}

export function isReady(pod: KubeObject): boolean {
  return pod.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True') ?? false;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}
