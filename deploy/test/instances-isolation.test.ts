import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { AGENT_PORT } from '../../apps/server/src/infra/kubernetes/objects';

/**
 * Where the hosted instances run, apart from the console (issue 42, point 9): the console and
 * its Secret in one namespace, the instances in another, which is the only one the console's
 * Role covers; a NetworkPolicy lets an instance be reached only through the ingress controller
 * and by the console, on the agent's port, and lets it reach nothing. manifests.test.ts checks
 * every manifest against the Kubernetes schema.
 */
const manifestsDir = fileURLToPath(new URL('../kubernetes', import.meta.url));
const agentSources = fileURLToPath(new URL('../../apps/agent/src', import.meta.url));

type Meta = { name: string; namespace?: string; labels?: Record<string, string> };
type Doc = { apiVersion: string; kind: string; metadata: Meta; [key: string]: any };

const docs: Doc[] = readdirSync(manifestsDir)
  .filter((f) => /\.ya?ml$/.test(f))
  .flatMap((file) => parseAllDocuments(readFileSync(join(manifestsDir, file), 'utf8')).map((d) => d.toJS() as Doc));
const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
const one = (kind: string) => {
  const found = ofKind(kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

const deployment = () => one('Deployment');
const consoleEnv = (name: string) =>
  deployment()
    .spec.template.spec.containers.find((c: { name: string }) => c.name === 'console')
    .env.find((e: { name: string }) => e.name === name);
const consoleNamespace = () => deployment().metadata.namespace!;
const instancesNamespace = () => consoleEnv('KUBE_NAMESPACE').value as string;

describe('namespaces', () => {
  it('put the console and its Secret in one namespace and the instances (KUBE_NAMESPACE, a literal) in another', () => {
    expect(consoleNamespace()).toBe('replay-console');
    expect(instancesNamespace()).toBe('replay-instances');
    for (const kind of ['Deployment', 'Service', 'Secret', 'ServiceAccount', 'PodDisruptionBudget', 'Ingress']) {
      for (const doc of ofKind(kind)) expect(doc.metadata.namespace, `${kind} ${doc.metadata.name}`).toBe(consoleNamespace());
    }
    // Every namespaced object says where it goes: none lands in whatever namespace kubectl defaults to.
    for (const doc of docs.filter((d) => d.kind !== 'Namespace')) expect(doc.metadata.namespace, `${doc.kind} ${doc.metadata.name}`).toBeDefined();
  });

  it('declares both, each enforcing the restricted Pod Security Standard', () => {
    const namespaces = ofKind('Namespace');
    expect(namespaces.map((n) => n.metadata.name).sort()).toEqual([consoleNamespace(), instancesNamespace()].sort());
    for (const n of namespaces) expect(n.metadata.labels?.['pod-security.kubernetes.io/enforce'], n.metadata.name).toBe('restricted');
  });

  it('give the console rights in the instances’ namespace only, none in its own nor cluster-wide', () => {
    expect(ofKind('ClusterRole')).toEqual([]);
    expect(ofKind('ClusterRoleBinding')).toEqual([]);
    expect(one('Role').metadata.namespace).toBe(instancesNamespace());
    const binding = one('RoleBinding');
    expect(binding.metadata.namespace).toBe(instancesNamespace());
    const account = one('ServiceAccount').metadata;
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: account.name, namespace: consoleNamespace() }]);
    expect(deployment().spec.template.spec.serviceAccountName).toBe(account.name);
  });
});

describe('the instances’ NetworkPolicy', () => {
  const policy = () => {
    const found = ofKind('NetworkPolicy').filter((d) => d.metadata.namespace === instancesNamespace());
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const peers = () => policy().spec.ingress.map((rule: { from: unknown[]; ports: unknown[] }) => ({ from: rule.from, ports: rule.ports }));
  const agentPort = [{ protocol: 'TCP', port: AGENT_PORT }];

  it('covers every pod of the instances’ namespace, both ways', () => {
    expect(policy().metadata.namespace).toBe(instancesNamespace());
    expect(policy().spec.podSelector).toEqual({});
    expect(policy().spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
  });

  it('lets in only the ingress controller’s namespace and the console’s pods, on the agent’s port', () => {
    const consolePods = deployment().spec.template.metadata.labels;
    expect(peers()).toEqual([
      { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }], ports: agentPort },
      { from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': consoleNamespace() } }, podSelector: { matchLabels: consolePods } }], ports: agentPort },
    ]);
  });

  it('lets an instance reach nothing, since the agent opens no connection of its own', () => {
    expect(policy().spec.egress).toEqual([]);
    // Whoever gives the agent an outbound call (a webhook, an IdP metadata fetch) opens the policy for it too.
    const outbound = /from 'node:(https|dns|tls|dgram)'|from 'undici'|\b(fetch|request|connect|createConnection)\(|new Socket\(/;
    const calls = readdirSync(agentSources)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        readFileSync(join(agentSources, f), 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${f}:${i + 1}`, line })),
      )
      .filter(({ line }) => outbound.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line));
    expect(calls).toEqual([]);
  });
});
