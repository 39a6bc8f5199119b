import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { isAlive } from '@replay/local-process';
import { AGENT_MAIN } from '../../../src/infra/local/agent-process';
import { KubeApi } from '../../../src/infra/kubernetes/kube-api';
import { KubernetesDriver, podPid, type KubernetesDriverOptions } from '../../../src/infra/kubernetes/kubernetes-driver';
import { resourceName } from '../../../src/infra/kubernetes/objects';
import { KubeApiStandIn } from './api-server';
import { KubeletStandIn } from './kubelet';

export { KubeApiStandIn } from './api-server';
export { KubeletStandIn } from './kubelet';

export const NAMESPACE = 'replay';
export const AGENT_IMAGE = 'registry.example/replay-agent';

/** A kubeconfig naming the stand-in, as `kubectl config` would write one. */
export function standInKubeConfig(server: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'stand-in', server, skipTLSVerify: true }],
    users: [{ name: 'console', token: 'stand-in-token' }],
    contexts: [{ name: 'stand-in', cluster: 'stand-in', user: 'console', namespace: NAMESPACE }],
    currentContext: 'stand-in',
  });
  return kc;
}

export interface KubeStandIn {
  api: KubeApiStandIn;
  kubelet: KubeletStandIn;
  root: string;
  /** A driver on the stand-in, as a console process builds it (nothing in memory). */
  driver(overrides?: Partial<KubernetesDriverOptions>): KubernetesDriver;
  /** The OS process of a runtime's pod has ended (or never ran here). */
  ended(pid: number): boolean;
  dispose(): Promise<void>;
}

/** The stand-in API server and kubelet, agents running from the bundled agent for every image tag. */
export async function startKubeStandIn(consoleOrigin: string, opts: { entryOfTag?: Record<string, string> } = {}): Promise<KubeStandIn> {
  const root = mkdtempSync(join(tmpdir(), 'kube-stand-in-'));
  const api = new KubeApiStandIn();
  await api.listen();
  const kubelet = new KubeletStandIn(api.store, {
    root,
    // Each tag of the agent image runs the bundled agent, unless the test gives a tag its own program.
    entryOf: (image) => (image.startsWith(`${AGENT_IMAGE}:`) ? (opts.entryOfTag?.[image.slice(AGENT_IMAGE.length + 1)] ?? AGENT_MAIN) : null),
    nodeFlags: process.features.typescript ? [] : ['--import', import.meta.resolve('tsx')],
    stopGraceMs: 2_000,
  });
  const localUrl = (host: string) => (id: string) => {
    const port = kubelet.portOf(NAMESPACE, resourceName(id));
    if (port === undefined) throw new Error(`No Service for ${id} yet`);
    return `http://${host}:${port}`;
  };
  const driver = (overrides: Partial<KubernetesDriverOptions> = {}) =>
    new KubernetesDriver({
      api: new KubeApi(standInKubeConfig(api.url), NAMESPACE, 3_000),
      namespace: NAMESPACE,
      image: AGENT_IMAGE,
      ingressDomain: 'instances.example',
      ingressClassName: 'nginx',
      storageClassName: null,
      consoleOrigin,
      // The stand-in's Service addresses: a local port per Service (see kubelet.ts).
      agentUrl: localUrl('127.0.0.1'),
      instanceUrl: localUrl('localhost'),
      browserSources: ['http://localhost:*'],
      startTimeoutMs: 15_000,
      stopTimeoutMs: 10_000,
      pollMs: 20,
      ...overrides,
    });
  return {
    api,
    kubelet,
    root,
    driver,
    ended(pid) {
      for (const [uid, osPid] of kubelet.history) if (podPid(uid, 0) === pid) return !isAlive(osPid);
      return true;
    },
    async dispose() {
      await kubelet.close();
      await api.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
