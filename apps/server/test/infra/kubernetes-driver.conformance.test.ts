import { describeDriverConformance } from './driver-conformance';
import { startKubeStandIn, type KubeStandIn, NAMESPACE } from './kube-stand-in';
import { podName } from '../../src/infra/kubernetes/objects';
import { CONSOLE_ORIGIN } from './support';
import { beforeAll } from 'vitest';

/**
 * The Kubernetes driver keeps every promise the local one does, against the
 * stand-in API server and kubelet (test/infra/kube-stand-in): instances really
 * run as agent processes, started from their pods' specs.
 */
let k: KubeStandIn;
beforeAll(async () => {
  k = await startKubeStandIn(CONSOLE_ORIGIN);
});

describeDriverConformance('kubernetes', () => {
  const driver = k.driver();
  return {
    driver,
    consoleOrigin: CONSOLE_ORIGIN,
    fresh: () => k.driver(),
    crash: (instanceId) => k.kubelet.crash(NAMESPACE, podName(instanceId)),
    ended: async (runtime) => k.ended(runtime.pid!),
    async dispose() {
      const cleaner = k.driver();
      for (const id of await cleaner.instanceIds()) await cleaner.terminate(id);
      await k.dispose();
    },
  };
});
