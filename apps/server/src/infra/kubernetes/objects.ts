import { createHash } from 'node:crypto';
import { AGENT_FLAGS, AGENT_PROJECT_KEY_ENV, AGENT_SECRET_ENV, HEALTH_CALL, INGEST_CORS, agentCommand, type AgentFlag } from '@replay/agent-protocol';
import { CORS_ANNOTATIONS, SIZES, annotationOfOrigins, originOf, type InstanceSize, type Provider } from '@replay/contracts';
import type { InstanceSpec, UpgradeBackup } from '../driver';

/**
 * The objects one instance is in a cluster, all in the driver's namespace and
 * all labelled `app.kubernetes.io/managed-by=replay-console` and
 * `replay.instance-id=<id>` (how the driver finds and removes them):
 *   Secret       replay-<id>        the agent's secret and the account's project key
 *   ConfigMap    replay-<id>        the disk size, which grows without a restart
 *   PVC          replay-<id>-data   the instance's disk (data/ and backups/)
 *   Service      replay-<id>        port 80 to the agent's port
 *   Ingress      replay-<id>        https://<id>.<domain>, CORS in ingress-nginx's annotations
 *   StatefulSet  replay-<id>        one replica (0 when stopped); its annotation is the record
 * Applied whole each time (server-side apply), so the objects are always what
 * the record says, whatever a crash left half done.
 */

export const MANAGED_BY = { 'app.kubernetes.io/managed-by': 'replay-console' } as const;
export const INSTANCE_LABEL = 'replay.instance-id';
/** The StatefulSet's annotation holding the instance's record. */
export const RECORD_ANNOTATION = 'replay.dev/instance';
export const KEY_HASH_ANNOTATION = 'replay.dev/project-key-sha256';
export const AGENT_PORT = 4000;
/** The volume's mount: the agent's data folder is data/ under it and its backups backups/, both on the volume. */
export const VOLUME_PATH = '/var/lib/replay';

/** What the cluster keeps of an instance (in the StatefulSet's annotation; the disk size is the claim's). */
export interface KubeRecord {
  instanceId: string;
  name: string;
  tenantName: string;
  provider: Provider;
  region: string;
  size: InstanceSize;
  version: string;
  diskSize: number;
  createdAt: number;
  /** The StatefulSet's replicas: 1 when it should run. */
  running: boolean;
  /** The CORS tab's origins, which the Ingress allows beside the console's. */
  corsOrigins: string[];
  /**
   * The network access list (addresses and CIDR ranges; empty: every address), which the Ingress
   * enforces as its source ranges: behind it the agent sees only the Ingress controller's address.
   * Absent from a record written before access lists: open.
   */
  accessList?: string[];
  upgradeBackups: Record<string, UpgradeBackup>;
  /** The upgrade backup the agent restores at start, once (its 'restore-backup' setting). */
  restoreBackup: string | null;
}

export interface KubeSettings {
  namespace: string;
  /** The agent image without its tag; the tag is the instance's version. */
  image: string;
  /** Instance URLs are https://<id>.<ingressDomain>. */
  ingressDomain: string;
  ingressClassName: string;
  storageClassName: string | null;
  consoleOrigin: string;
}

export const resourceName = (instanceId: string) => `replay-${instanceId}`;
export const claimName = (instanceId: string) => `replay-${instanceId}-data`;
export const podName = (instanceId: string) => `${resourceName(instanceId)}-0`;
export const keyHash = (projectKey: string) => createHash('sha256').update(projectKey).digest('hex');

const labelsOf = (instanceId: string) => ({ ...MANAGED_BY, 'app.kubernetes.io/name': 'replay-agent', [INSTANCE_LABEL]: instanceId });

function meta(kind: string, apiVersion: string, name: string, record: KubeRecord, s: KubeSettings, annotations?: Record<string, string>) {
  return { apiVersion, kind, metadata: { name, namespace: s.namespace, labels: labelsOf(record.instanceId), ...(annotations ? { annotations } : {}) } };
}

/** ingress-nginx's own grammar for an origin (its cors annotation parser), without its `*.` wildcard. */
const NGINX_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/;
/** ingress-nginx allows credentials unless told not to; the agent never does (nothing cross-origin rides on its cookie). */
const ALLOW_CREDENTIALS_ANNOTATION = 'nginx.ingress.kubernetes.io/cors-allow-credentials';

/**
 * An origin the Ingress may carry: one the contracts' rule takes as it stands, in ingress-nginx's
 * grammar. ingress-nginx reads the annotation itself (split on commas), so a value cannot be
 * quoted for it; instead only letters, digits, dots, hyphens, `:` and `/` are ever written, none
 * of which nginx's configuration gives a meaning. An IPv6 literal, which ingress-nginx cannot
 * match, is left to the agent: the Ingress passes a preflight it does not match on to it.
 */
const ingressSafeOrigin = (origin: string): boolean => originOf(origin) === origin && NGINX_ORIGIN.test(origin);

/**
 * The Ingress's CORS annotations. Its allow-origin: the CORS tab's (any, `*`, until a member lists
 * some), and with a list the console's too, since its browsers check the instance's health
 * directly. An origin saved before the rule (issue 42; the record keeps what the agent answered)
 * is left out, never widening the list: should nothing safe remain, the Ingress answers no CORS
 * at all and the agent, which holds the list, answers every preflight itself.
 */
export function ingressCors(record: KubeRecord, s: KubeSettings): Record<string, string> {
  const fixed = {
    [CORS_ANNOTATIONS.allowMethods]: INGEST_CORS.allowMethods,
    [CORS_ANNOTATIONS.allowHeaders]: INGEST_CORS.allowHeaders,
    [CORS_ANNOTATIONS.exposeHeaders]: INGEST_CORS.exposeHeaders,
    [ALLOW_CREDENTIALS_ANNOTATION]: 'false',
  };
  if (record.corsOrigins.length === 0) return { [CORS_ANNOTATIONS.enable]: 'true', [CORS_ANNOTATIONS.allowOrigin]: annotationOfOrigins([]), ...fixed };
  const origins = [...new Set([s.consoleOrigin, ...record.corsOrigins].filter(ingressSafeOrigin))];
  if (origins.length === 0) return { [CORS_ANNOTATIONS.enable]: 'false' };
  return { [CORS_ANNOTATIONS.enable]: 'true', [CORS_ANNOTATIONS.allowOrigin]: annotationOfOrigins(origins), ...fixed };
}

/** ingress-nginx's source ranges (its allow-list annotation): a client off the list is answered 403 by the Ingress. */
export const SOURCE_RANGE_ANNOTATION = 'nginx.ingress.kubernetes.io/whitelist-source-range';

/**
 * The Ingress's source ranges: the access list as ingress-nginx's comma-separated CIDRs, none
 * while it is empty. Every entry passed the contracts' and the protocol's address rule, so the
 * value holds only hex digits, dots, colons and slashes. The console reaches the agent through
 * its Service, never the Ingress, so the list never keeps the console out.
 */
export function ingressSourceRanges(record: Pick<KubeRecord, 'accessList'>): Record<string, string> {
  const list = record.accessList ?? [];
  return list.length === 0 ? {} : { [SOURCE_RANGE_ANNOTATION]: list.join(',') };
}

/** The agent's settings as environment variables (AGENT_FLAGS' names): the cluster's way, and kept out of `ps`. */
function agentEnv(record: KubeRecord, s: KubeSettings): object[] {
  const { vcpu, memoryGb } = SIZES[record.size];
  const command = agentCommand({
    instanceId: record.instanceId,
    name: record.name,
    tenantName: record.tenantName,
    version: record.version,
    port: AGENT_PORT,
    host: '0.0.0.0',
    dataDir: `${VOLUME_PATH}/data`,
    consoleOrigin: s.consoleOrigin,
    vcpu,
    memoryGb,
    diskGb: record.diskSize,
    secret: '',
    projectKey: '',
  });
  const env: object[] = [];
  for (let i = 0; i < command.args.length; i += 2) {
    const flag = command.args[i]!.slice(2) as AgentFlag;
    // The disk grows without a restart: read from the ConfigMap at each start.
    if (flag === 'disk-gb') env.push({ name: AGENT_FLAGS[flag], valueFrom: { configMapKeyRef: { name: resourceName(record.instanceId), key: 'disk-gb' } } });
    else env.push({ name: AGENT_FLAGS[flag], value: command.args[i + 1] });
  }
  env.push({ name: AGENT_SECRET_ENV, valueFrom: { secretKeyRef: { name: resourceName(record.instanceId), key: 'secret' } } });
  env.push({ name: AGENT_PROJECT_KEY_ENV, valueFrom: { secretKeyRef: { name: resourceName(record.instanceId), key: 'project-key' } } });
  env.push({ name: 'NODE_OPTIONS', value: command.env.NODE_OPTIONS });
  if (record.restoreBackup) env.push({ name: AGENT_FLAGS['restore-backup'], value: record.restoreBackup });
  return env;
}

/** Every object of the instance, in the order they are applied (what the pod reads exists before it). */
export function instanceObjects(record: KubeRecord, keys: { secret: string; projectKey: string }, s: KubeSettings): Record<string, unknown>[] {
  const id = record.instanceId;
  const name = resourceName(id);
  const { vcpu, memoryGb } = SIZES[record.size];
  const resources = { cpu: String(vcpu), memory: `${memoryGb}Gi` };
  const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');
  const { upgradeBackups, ...rest } = record;
  const annotation = JSON.stringify({ ...rest, upgradeBackups });
  return [
    { ...meta('Secret', 'v1', name, record, s), type: 'Opaque', data: { secret: b64(keys.secret), 'project-key': b64(keys.projectKey) } },
    { ...meta('ConfigMap', 'v1', name, record, s), data: { 'disk-gb': String(record.diskSize) } },
    {
      ...meta('PersistentVolumeClaim', 'v1', claimName(id), record, s),
      spec: {
        accessModes: ['ReadWriteOnce'],
        ...(s.storageClassName ? { storageClassName: s.storageClassName } : {}),
        resources: { requests: { storage: `${record.diskSize}Gi` } },
      },
    },
    {
      ...meta('Service', 'v1', name, record, s),
      spec: { selector: { [INSTANCE_LABEL]: id }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] },
    },
    {
      ...meta('Ingress', 'networking.k8s.io/v1', name, record, s, {
        ...ingressCors(record, s),
        ...ingressSourceRanges(record),
        // Ingest takes bodies up to 1 MiB (the agent answers 413 past it itself).
        'nginx.ingress.kubernetes.io/proxy-body-size': '2m',
      }),
      spec: {
        ingressClassName: s.ingressClassName,
        rules: [{ host: `${id}.${s.ingressDomain}`, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name, port: { name: 'http' } } } }] } }],
      },
    },
    {
      ...meta('StatefulSet', 'apps/v1', name, record, s, { [RECORD_ANNOTATION]: annotation }),
      spec: {
        replicas: record.running ? 1 : 0,
        serviceName: name,
        selector: { matchLabels: { [INSTANCE_LABEL]: id } },
        template: {
          metadata: { labels: labelsOf(id), annotations: { [KEY_HASH_ANNOTATION]: keyHash(keys.projectKey) } },
          spec: {
            terminationGracePeriodSeconds: 10,
            // The agent never calls the Kubernetes API, nor needs the namespace's other Services (other instances) in its environment.
            automountServiceAccountToken: false,
            enableServiceLinks: false,
            securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } },
            containers: [
              {
                name: 'agent',
                image: `${s.image}:${record.version}`,
                ports: [{ name: 'http', containerPort: AGENT_PORT, protocol: 'TCP' }],
                env: agentEnv(record, s),
                resources: { requests: resources, limits: resources },
                volumeMounts: [{ name: 'data', mountPath: VOLUME_PATH }],
                readinessProbe: { httpGet: { path: HEALTH_CALL.path, port: 'http' }, periodSeconds: 5, failureThreshold: 3 },
                securityContext: { allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
              },
            ],
            volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claimName(id) } }],
          },
        },
      },
    },
  ];
}

/** A new instance's record: the spec without its project key (which lives in the Secret only), no CORS origins, no backups. */
export function newRecord(spec: InstanceSpec, createdAt: number): KubeRecord {
  const { projectKey: _key, ...rest } = spec;
  return { ...rest, running: false, createdAt, corsOrigins: [], upgradeBackups: {}, restoreBackup: null };
}

/** The record a StatefulSet holds, with the disk size its claim asks. */
export function recordOf(sts: { metadata?: { annotations?: Record<string, string> }; spec?: { replicas?: number } }, claimStorage: string | undefined): KubeRecord | null {
  const text = sts.metadata?.annotations?.[RECORD_ANNOTATION];
  if (!text) return null;
  // Only the record's own fields: anything else in the annotation (a key, say) is not carried on.
  const { projectKey: _key, ...record } = JSON.parse(text) as KubeRecord & { projectKey?: string };
  const gb = claimStorage?.endsWith('Gi') ? Number(claimStorage.slice(0, -2)) : Number.NaN;
  return { ...record, running: (sts.spec?.replicas ?? 1) > 0, diskSize: Number.isFinite(gb) ? gb : record.diskSize };
}
