import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigMap, Event, PersistentVolumeClaim, Pod, Secret, Service } from 'kubernetes-models/v1';
import { StatefulSet } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { ObjectStore, type KubeObject } from './store';

/**
 * A Kubernetes API server for tests: the REST subset the Kubernetes driver
 * uses, with the API server's semantics, over HTTP, so the driver runs through
 * `@kubernetes/client-node` as it would against a cluster.
 *   - discovery (`/api/v1`, `/apis/<group>/<version>`) for the kinds below;
 *   - GET one (404), LIST with labelSelector (equality) and fieldSelector;
 *   - POST create (409 AlreadyExists), PUT replace (409 on a stale resourceVersion);
 *   - PATCH `application/apply-patch+yaml`: server-side apply with a fieldManager
 *     (required), 409 when another manager owns the object and `force` is not set,
 *     409 when the applied object names a stale resourceVersion;
 *   - 422 Invalid when the object fails the Kubernetes OpenAPI schema (checked by
 *     kubernetes-models), a name or label is not a DNS-1123 label, or an immutable
 *     field changes (a StatefulSet's selector, a claim's size going down);
 *   - DELETE, with background propagation to owned objects (pods of a StatefulSet);
 *   - faults on demand: a status (5xx, 403 …) or no answer at all, for the next N requests.
 * Apply is a single-owner apply: the object becomes what its manager applied,
 * plus the fields the server owns (uid, resourceVersion, status, a Service's clusterIP).
 */

interface KindInfo {
  group: string;
  version: string;
  plural: string;
  kind: string;
  model: new (data: any) => { validate(): void };
}

const KINDS: KindInfo[] = [
  { group: '', version: 'v1', plural: 'secrets', kind: 'Secret', model: Secret },
  { group: '', version: 'v1', plural: 'configmaps', kind: 'ConfigMap', model: ConfigMap },
  { group: '', version: 'v1', plural: 'services', kind: 'Service', model: Service },
  { group: '', version: 'v1', plural: 'persistentvolumeclaims', kind: 'PersistentVolumeClaim', model: PersistentVolumeClaim },
  { group: '', version: 'v1', plural: 'pods', kind: 'Pod', model: Pod },
  { group: '', version: 'v1', plural: 'events', kind: 'Event', model: Event },
  { group: 'apps', version: 'v1', plural: 'statefulsets', kind: 'StatefulSet', model: StatefulSet },
  { group: 'networking.k8s.io', version: 'v1', plural: 'ingresses', kind: 'Ingress', model: Ingress },
];

const apiVersionOf = (k: KindInfo) => (k.group ? `${k.group}/${k.version}` : k.version);

export interface Fault {
  /** Which requests it hits (all when absent). */
  match?: (method: string, path: string) => boolean;
  /** An HTTP status to answer (with a Status body), or 'hang' to answer nothing. */
  answer: number | 'hang';
  /** How many requests it hits; -1 until cleared. */
  times: number;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const QUANTITY = /^(\d+)(Ki|Mi|Gi|Ti)?$/;
/** Bytes of a storage quantity (the forms the driver writes). */
export function quantityBytes(q: string): number {
  const m = QUANTITY.exec(q);
  if (!m) return Number.NaN;
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 }[m[2] as 'Ki'] ?? 1;
  return Number(m[1]) * unit;
}

export class KubeApiStandIn {
  readonly store = new ObjectStore();
  readonly faults: Fault[] = [];
  /** Every request, as `METHOD path` (tests read which calls the driver made). */
  readonly requests: string[] = [];
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  url = '';

  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Stops answering: connections are refused from now on (an API server that is down). */
  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  /** Answers the next `times` requests matching `match` with `answer`. */
  fail(answer: Fault['answer'], times: number, match?: Fault['match']): void {
    this.faults.push({ answer, times, match });
  }

  private takeFault(method: string, path: string): Fault | null {
    const fault = this.faults.find((f) => f.times !== 0 && (!f.match || f.match(method, path)));
    if (!fault) return null;
    if (fault.times > 0) fault.times--;
    return fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    this.requests.push(`${method} ${url.pathname}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const fault = this.takeFault(method, url.pathname);
    if (fault?.answer === 'hang') {
      this.hanging.add(res);
      return;
    }
    try {
      if (fault) throw faultError(fault.answer as number, method, url.pathname);
      send(...this.route(method, url, req.headers['content-type'] ?? '', Buffer.concat(chunks).toString('utf8')));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      send(e.code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e.message, reason: e.reason, code: e.code });
    }
  }

  private route(method: string, url: URL, contentType: string, body: string): [number, unknown] {
    const parts = url.pathname.split('/').filter(Boolean);
    // Discovery: /api/v1 and /apis/<group>/<version>.
    const discovery = parts[0] === 'api' ? { group: '', version: parts[1] } : { group: parts[1], version: parts[2] };
    const rest = parts[0] === 'api' ? parts.slice(2) : parts.slice(3);
    const kinds = KINDS.filter((k) => k.group === discovery.group && k.version === discovery.version);
    if (method === 'GET' && rest.length === 0 && kinds.length > 0) {
      const resources = kinds.map((k) => ({ name: k.plural, singularName: k.kind.toLowerCase(), namespaced: true, kind: k.kind, verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'] }));
      return [200, { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: apiVersionOf(kinds[0]!), resources }];
    }
    const [nsWord, namespace, plural, name, ...more] = rest;
    const info = kinds.find((k) => k.plural === plural);
    if (nsWord !== 'namespaces' || !namespace || !info || more.length > 0) throw new ApiError(404, 'NotFound', `the server could not find the requested resource (${method} ${url.pathname})`);
    if (url.searchParams.get('watch')) throw new ApiError(405, 'MethodNotAllowed', 'watch is not served by this stand-in (the driver does not watch)');
    if (!name) {
      if (method === 'GET') return [200, this.list(info, namespace, url.searchParams)];
      if (method === 'POST') return [201, this.create(info, namespace, parseBody(body))];
      throw new ApiError(405, 'MethodNotAllowed', `${method} on a collection is not served`);
    }
    const notFound = () => new ApiError(404, 'NotFound', `${info.plural}${info.group ? `.${info.group}` : ''} "${name}" not found`);
    if (method === 'GET') return [200, this.store.get(info.kind, namespace, name) ?? throwError(notFound())];
    if (method === 'DELETE') {
      const deleted = this.store.delete(info.kind, namespace, name);
      if (!deleted) throw notFound();
      return [200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, kind: info.plural, uid: deleted.metadata.uid } }];
    }
    if (method === 'PUT') return [200, this.replace(info, namespace, name, parseBody(body))];
    if (method === 'PATCH') {
      if (!contentType.startsWith('application/apply-patch+yaml')) throw new ApiError(415, 'UnsupportedMediaType', `only server-side apply is served, not ${contentType}`);
      const manager = url.searchParams.get('fieldManager');
      if (!manager) throw new ApiError(422, 'Invalid', 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
      return [200, this.apply(info, namespace, name, parseBody(body), manager, url.searchParams.get('force') === 'true')];
    }
    throw new ApiError(405, 'MethodNotAllowed', `${method} is not served`);
  }

  private list(info: KindInfo, namespace: string, params: URLSearchParams) {
    const labels = selector(params.get('labelSelector'));
    const fields = selector(params.get('fieldSelector'));
    const items = this.store.list(info.kind, namespace).filter((o) => {
      for (const [key, value] of labels) if (o.metadata.labels?.[key] !== value) return false;
      for (const [path, value] of fields) if (String(path.split('.').reduce<any>((v, p) => v?.[p], o)) !== value) return false;
      return true;
    });
    return { kind: `${info.kind}List`, apiVersion: apiVersionOf(info), metadata: { resourceVersion: this.store.currentRevision() }, items };
  }

  private checked(info: KindInfo, namespace: string, object: KubeObject, name: string): KubeObject {
    if (object.kind !== info.kind || object.apiVersion !== apiVersionOf(info))
      throw new ApiError(400, 'BadRequest', `the body is a ${object.apiVersion}/${object.kind}, not a ${apiVersionOf(info)}/${info.kind}`);
    if (object.metadata?.name !== name) throw new ApiError(400, 'BadRequest', `the name of the object (${object.metadata?.name}) does not match the name on the URL (${name})`);
    if (object.metadata.namespace && object.metadata.namespace !== namespace) throw new ApiError(400, 'BadRequest', 'the namespace of the object does not match the namespace on the URL');
    const invalid = (why: string) => new ApiError(422, 'Invalid', `${info.kind} "${name}" is invalid: ${why}`);
    if (name.length > 63 || !DNS_LABEL.test(name)) throw invalid(`metadata.name: Invalid value: "${name}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'`);
    for (const [key, value] of Object.entries(object.metadata.labels ?? {})) {
      if (value.length > 63 || !LABEL_VALUE.test(value)) throw invalid(`metadata.labels: Invalid value: "${value}" (label ${key})`);
    }
    try {
      new info.model(object).validate();
    } catch (e) {
      throw invalid((e as Error).message);
    }
    return { ...object, metadata: { ...object.metadata, namespace } };
  }

  private immutable(info: KindInfo, before: KubeObject, after: KubeObject): void {
    const invalid = (why: string) => new ApiError(422, 'Invalid', `${info.kind} "${after.metadata.name}" is invalid: ${why}`);
    if (info.kind === 'StatefulSet') {
      for (const field of ['selector', 'serviceName', 'volumeClaimTemplates'] as const) {
        if (JSON.stringify(before.spec?.[field]) !== JSON.stringify(after.spec?.[field]))
          throw invalid(
            `spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden (${field})`,
          );
      }
    }
    if (info.kind === 'PersistentVolumeClaim') {
      const size = (o: KubeObject) => quantityBytes(o.spec?.resources?.requests?.storage ?? '0');
      if (size(after) < size(before)) throw invalid('spec.resources.requests.storage: Forbidden: field can not be less than previous value');
      const { resources: _a, ...restBefore } = before.spec ?? {};
      const { resources: _b, ...restAfter } = after.spec ?? {};
      if (JSON.stringify(restBefore) !== JSON.stringify(restAfter)) throw invalid('spec: Forbidden: spec is immutable after creation except resources.requests');
    }
  }

  /** Fields the server sets and an apply of another manager's intent keeps. */
  private serverOwned(info: KindInfo, before: KubeObject | null, after: KubeObject): KubeObject {
    const next: KubeObject = { ...after, status: before?.status ?? after.status ?? {} };
    if (info.kind === 'Service') next.spec = { ...after.spec, clusterIP: before?.spec?.clusterIP ?? `10.96.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
    return next;
  }

  private create(info: KindInfo, namespace: string, object: KubeObject): KubeObject {
    const checked = this.checked(info, namespace, object, object.metadata?.name ?? '');
    if (this.store.get(info.kind, namespace, checked.metadata.name)) throw new ApiError(409, 'AlreadyExists', `${info.plural} "${checked.metadata.name}" already exists`);
    const { resourceVersion: _rv, uid: _uid, ...metadata } = checked.metadata;
    return this.store.put(this.serverOwned(info, null, { ...checked, metadata }));
  }

  private replace(info: KindInfo, namespace: string, name: string, object: KubeObject): KubeObject {
    const checked = this.checked(info, namespace, object, name);
    const existing = this.store.get(info.kind, namespace, name);
    if (!existing) throw new ApiError(404, 'NotFound', `${info.plural} "${name}" not found`);
    if (checked.metadata.resourceVersion !== existing.metadata.resourceVersion) {
      throw new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${info.plural} "${name}": the object has been modified; please apply your changes to the latest version and try again`);
    }
    this.immutable(info, existing, checked);
    return this.store.put({ ...checked, metadata: { ...checked.metadata, managedFields: existing.metadata.managedFields } });
  }

  private apply(info: KindInfo, namespace: string, name: string, object: KubeObject, manager: string, force: boolean): KubeObject {
    const checked = this.checked(info, namespace, object, name);
    const existing = this.store.get(info.kind, namespace, name);
    if (existing) {
      if (checked.metadata.resourceVersion && checked.metadata.resourceVersion !== existing.metadata.resourceVersion) {
        throw new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${info.plural} "${name}": the object has been modified; please apply your changes to the latest version and try again`);
      }
      const owners = (existing.metadata.managedFields ?? []).map((f) => f.manager).filter((m) => m !== manager);
      if (owners.length > 0 && !force) throw new ApiError(409, 'Conflict', `Apply failed with 1 conflict: conflict with "${owners[0]}"`);
      this.immutable(info, existing, checked);
    }
    const { resourceVersion: _rv, uid: _uid, ...metadata } = checked.metadata;
    const applied = this.serverOwned(info, existing, { ...checked, metadata: { ...metadata, managedFields: [{ manager, operation: 'Apply' }] } });
    // Applying what is there already writes nothing, as the API server does (no new resourceVersion).
    if (existing && sameIntent(existing, applied)) return existing;
    return this.store.put(applied);
  }
}

function sameIntent(existing: KubeObject, applied: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const { uid: _u, resourceVersion: _r, generation: _g, creationTimestamp: _c, namespace: _n, ...metadata } = o.metadata;
    return JSON.stringify({ ...o, metadata });
  };
  return strip(existing) === strip(applied);
}

function throwError(e: Error): never {
  throw e;
}

function faultError(code: number, method: string, path: string): ApiError {
  if (code === 403) {
    const plural = path.split('/').filter(Boolean).at(-2) ?? 'resource';
    return new ApiError(403, 'Forbidden', `${plural} is forbidden: User "system:serviceaccount:replay:replay-console" cannot ${method.toLowerCase()} resource "${plural}" in the namespace`);
  }
  return new ApiError(code, code === 503 ? 'ServiceUnavailable' : 'InternalError', `stand-in fault: ${code}`);
}

function parseBody(body: string): KubeObject {
  try {
    // client-node sends JSON, which is also YAML (what apply-patch+yaml carries).
    return JSON.parse(body) as KubeObject;
  } catch {
    throw new ApiError(400, 'BadRequest', 'the body is not JSON');
  }
}

/** An equality selector (`a=b,c=d`; `==` too) as pairs. */
function selector(text: string | null): [string, string][] {
  if (!text) return [];
  return text.split(',').map((term) => {
    const [key, value] = term.split(/==?/) as [string, string | undefined];
    if (value === undefined) throw new ApiError(400, 'BadRequest', `only equality selectors are served: ${term}`);
    return [key.trim(), value.trim()];
  });
}
