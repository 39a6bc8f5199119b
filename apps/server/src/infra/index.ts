import { join } from 'node:path';
import type { Env } from '../config/env';
import type { InfrastructureDriver } from './driver';
import { KubeApi } from './kubernetes/kube-api';
import { KubernetesDriver } from './kubernetes/kubernetes-driver';
import { LocalDriver } from './local-driver';
import { versionRegistryOf } from './versions';

export * from './driver';
export { LocalDriver } from './local-driver';
export { KubernetesDriver } from './kubernetes/kubernetes-driver';
export { versionRegistry, versionRegistryOf, type VersionRegistry } from './versions';

type DriverEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'publicUrl'
  | 'EXTRA_VERSIONS'
  | 'NEW_INSTANCE_VERSION'
  | 'INFRA_DRIVER'
  | 'KUBE_NAMESPACE'
  | 'KUBE_AGENT_IMAGE'
  | 'KUBE_INGRESS_DOMAIN'
  | 'KUBE_INGRESS_CLASS'
  | 'KUBE_STORAGE_CLASS'
  | 'KUBE_API_TIMEOUT_SECONDS'
  | 'AGENT_STOP_GRACE_SECONDS'
>;

/**
 * The driver INFRA_DRIVER names: the local one, with instance folders under
 * `${DATA_DIR}/instances`, or the Kubernetes one, on the cluster of KUBECONFIG
 * (else ~/.kube/config, else the pod's service account). Building it calls
 * nothing: a cluster that cannot be reached is found by `checkReachable` at boot.
 */
export function createInfrastructureDriver(env: DriverEnv): InfrastructureDriver {
  const consoleOrigin = new URL(env.publicUrl).origin;
  const versions = versionRegistryOf(env);
  if (env.INFRA_DRIVER === 'kubernetes') {
    return new KubernetesDriver({
      api: new KubeApi('default', env.KUBE_NAMESPACE, env.KUBE_API_TIMEOUT_SECONDS * 1000),
      namespace: env.KUBE_NAMESPACE,
      image: env.KUBE_AGENT_IMAGE!,
      ingressDomain: env.KUBE_INGRESS_DOMAIN!,
      ingressClassName: env.KUBE_INGRESS_CLASS,
      storageClassName: env.KUBE_STORAGE_CLASS ?? null,
      consoleOrigin,
      versions,
    });
  }
  return new LocalDriver({ root: join(env.DATA_DIR, 'instances'), consoleOrigin, versions, stopGraceMs: env.AGENT_STOP_GRACE_SECONDS * 1000 });
}
