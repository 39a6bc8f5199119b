import { DRIVER_RIGHTS } from '../../apps/server/src/infra/kubernetes/rights';
import { trustProxySetting } from '../../apps/server/src/config/trust-proxy';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parseDocument } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import { RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';

/**
 * The packaging for a cluster (deploy/kubernetes, deploy/docker), checked without a cluster or a
 * Docker daemon: every manifest against the Kubernetes schema (kubernetes-models' validate), then
 * what the schema cannot know — the probes are the console's, the pods run unprivileged, the
 * budget covers the Deployment's pods, the driver's rights are exactly the listed ones, the
 * drain fits in the grace period, the Secret holds no real value. Building the images needs a
 * registry for the base image, which this machine has not: the Dockerfiles' structure is checked.
 */
const deployDir = fileURLToPath(new URL('..', import.meta.url));
const manifestsDir = join(deployDir, 'kubernetes');

const MODELS = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/Secret': Secret,
  'v1/ServiceAccount': ServiceAccount,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'v1/Namespace': Namespace,
} as const;

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

const manifests: { file: string; doc: Manifest }[] = readdirSync(manifestsDir)
  .filter((f) => /\.ya?ml$/.test(f))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(manifestsDir, file), 'utf8')).map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join('; ')}`);
      return { file, doc: d.toJS() as Manifest };
    }),
  );

function only<K extends keyof typeof MODELS>(key: K): InstanceType<(typeof MODELS)[K]> {
  const found = manifests.filter(({ doc }) => `${doc.apiVersion}/${doc.kind}` === key);
  expect(found, key).toHaveLength(1);
  return new MODELS[key](found[0]!.doc as never) as InstanceType<(typeof MODELS)[K]>;
}

const deployment = () => only('apps/v1/Deployment');
const consoleContainer = () => deployment().spec!.template.spec!.containers.find((c) => c.name === 'console')!;
const envValue = (name: string) => consoleContainer().env!.find((e) => e.name === name)?.value;

describe('Kubernetes manifests', () => {
  it('are each a kind this packaging knows, valid against the Kubernetes schema', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(9);
    for (const { file, doc } of manifests) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}` as keyof typeof MODELS];
      expect(Model, `${file}: ${doc.apiVersion} ${doc.kind}`).toBeDefined();
      expect(() => new Model(doc as never).validate(), `${file}: ${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
  });

  it('a schema error is caught (the check is not vacuous)', () => {
    const doc = structuredClone(manifests.find((m) => m.doc.kind === 'Deployment')!.doc) as Manifest & { spec: { replicas: unknown } };
    doc.spec.replicas = 'three';
    expect(() => new Deployment(doc as never).validate()).toThrow(/replicas/);
  });

  it('the Deployment runs several replicas, probed on /readyz and /livez, unprivileged', () => {
    const d = deployment();
    expect(d.spec!.replicas).toBeGreaterThanOrEqual(3);
    const c = consoleContainer();
    expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(c.livenessProbe?.httpGet?.path).toBe('/livez');
    expect(d.spec!.template.spec!.securityContext?.runAsNonRoot).toBe(true);
    expect(d.spec!.template.spec!.securityContext?.runAsUser).not.toBe(0);
    expect(c.securityContext?.allowPrivilegeEscalation).toBe(false);
    expect(c.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect(c.securityContext?.capabilities?.drop).toEqual(['ALL']);
    expect(c.resources?.requests?.cpu).toBeDefined();
    expect(c.resources?.limits?.memory).toBeDefined();
    expect(d.spec!.template.spec!.serviceAccountName).toBe(only('v1/ServiceAccount').metadata!.name);
  });

  it('a replica leaving is out of the Service before it closes its listener, and done within the grace period', () => {
    const c = consoleContainer();
    const probe = c.readinessProbe!;
    const outAfter = (probe.periodSeconds ?? 10) * (probe.failureThreshold ?? 3);
    const drain = Number(envValue('SHUTDOWN_DRAIN_DELAY_SECONDS'));
    const grace = Number(envValue('SHUTDOWN_GRACE_SECONDS'));
    expect(drain).toBeGreaterThan(outAfter);
    expect(grace).toBeGreaterThan(drain);
    expect(deployment().spec!.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(grace);
    expect(deployment().spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
  });

  it('the PodDisruptionBudget and the Service select exactly the Deployment pods', () => {
    const labels = deployment().spec!.template.metadata!.labels!;
    expect(deployment().spec!.selector.matchLabels).toEqual(labels);
    expect(only('policy/v1/PodDisruptionBudget').spec!.selector!.matchLabels).toEqual(labels);
    expect(only('v1/Service').spec!.selector).toEqual(labels);
  });

  it('the secrets come from the Secret, which holds placeholders only', () => {
    const secret = only('v1/Secret');
    expect(Object.keys(secret.stringData!).sort()).toEqual(['DATABASE_URL', 'JWT_SECRET']);
    expect(Object.values(secret.stringData!)).toEqual(['REPLACE-ME', 'REPLACE-ME']);
    expect(secret.data).toBeUndefined();
    for (const name of ['JWT_SECRET', 'DATABASE_URL']) {
      const entry = consoleContainer().env!.find((e) => e.name === name)!;
      expect(entry.value, name).toBeUndefined();
      expect(entry.valueFrom?.secretKeyRef).toEqual({ name: secret.metadata!.name, key: name });
    }
  });

  it('the driver gets exactly the rights listed, in its namespace, bound to the console account', () => {
    const role = only('rbac.authorization.k8s.io/v1/Role');
    const rights = (rules: { apiGroups: string[]; resources: string[]; verbs: string[] }[]) =>
      rules.flatMap((r) => r.resources.flatMap((res) => r.apiGroups.map((group) => `${group}/${res}: ${[...r.verbs].sort().join(',')}`))).sort();
    const granted = rights(role.rules!.map((r) => ({ apiGroups: r.apiGroups!, resources: r.resources!, verbs: r.verbs })));
    expect(granted).toEqual(rights(DRIVER_RIGHTS.map((r) => ({ apiGroups: [r.apiGroup], resources: [...r.resources], verbs: [...r.verbs] }))));
    expect(role.rules!.every((r) => !r.resourceNames && !r.nonResourceURLs && !r.apiGroups!.includes('*') && !r.verbs.includes('*'))).toBe(true);
    const binding = only('rbac.authorization.k8s.io/v1/RoleBinding');
    expect(binding.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: role.metadata!.name });
    const account = only('v1/ServiceAccount').metadata!;
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: account.name, namespace: account.namespace }]);
  });

  // Issue 42, point 1: behind the ingress, no header a client sends chooses the address the console's limits see.
  it('the console believes one hop, only the ingress controller reaches it, and the controller writes X-Forwarded-For itself', () => {
    // Written as the count, not `true` (read as one hop for older settings, but it says "all").
    expect(envValue('TRUST_PROXY')).toBe('1');
    expect(trustProxySetting.parse(envValue('TRUST_PROXY'))).toEqual({ hops: 1 });
    const policies = manifests.filter(({ doc }) => doc.kind === 'NetworkPolicy' && doc.metadata.name === 'replay-console');
    expect(policies).toHaveLength(1);
    const policy = new NetworkPolicy(policies[0]!.doc as never);
    expect(policy.metadata!.namespace).toBe(deployment().metadata!.namespace);
    expect(policy.spec!.podSelector!.matchLabels).toEqual(deployment().spec!.template.metadata!.labels);
    expect(policy.spec!.policyTypes).toEqual(['Ingress']);
    expect(policy.spec!.ingress).toEqual([
      {
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
            podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' } },
          },
        ],
        ports: [{ port: 'http', protocol: 'TCP' }],
      },
    ]);
    const values = parseDocument(readFileSync(join(manifestsDir, 'ingress-nginx', 'values.yaml'), 'utf8')).toJS() as {
      controller: { config: Record<string, string>; service: { externalTrafficPolicy: string } };
    };
    expect(values.controller.config).toMatchObject({ 'use-forwarded-headers': 'false', 'compute-full-forwarded-for': 'false' });
    expect(values.controller.service.externalTrafficPolicy).toBe('Local');
  });

  it('the Ingress sends the public name to the Service', () => {
    const ingress = only('networking.k8s.io/v1/Ingress');
    const backend = ingress.spec!.rules![0]!.http!.paths[0]!.backend.service!;
    expect(backend.name).toBe(only('v1/Service').metadata!.name);
    expect(new URL(envValue('PUBLIC_URL')!).hostname).toBe(ingress.spec!.rules![0]!.host);
  });
});

describe('Dockerfiles', () => {
  const stagesOf = (text: string) => [...text.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => ({ image: m[1]!, name: m[2] }));
  const finalStage = (text: string) => text.slice(text.search(/^FROM[^\n]*\n(?![\s\S]*^FROM)/m));

  for (const name of ['console', 'agent']) {
    it(`${name}: multi-stage on node:22-slim, production dependencies only, run as a non-root user`, () => {
      const text = readFileSync(join(deployDir, 'docker', `${name}.Dockerfile`), 'utf8');
      const stages = stagesOf(text);
      expect(stages.length).toBeGreaterThanOrEqual(2);
      expect(stages.every((s) => s.image === 'node:22-slim' || stages.some((o) => o.name === s.image))).toBe(true);
      expect(text).toMatch(/npm ci --omit=dev/);
      const last = finalStage(text);
      // The final stage installs nothing itself: it copies the production install from an earlier stage.
      expect(last).not.toMatch(/npm (ci|install)/);
      expect(last).toMatch(/^COPY --from=\S+ \/app\/node_modules/m);
      const users = [...last.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
      expect(users.length).toBeGreaterThan(0);
      expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
      // Whatever the user's last USER line, the command comes after it.
      expect(last.lastIndexOf('USER')).toBeLessThan(Math.max(last.lastIndexOf('CMD'), last.lastIndexOf('ENTRYPOINT')));
    });
  }

  it('the build context leaves out installs, builds, data and local secrets', () => {
    const ignored = readFileSync(join(deployDir, '..', '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});
