/**
 * The Kubernetes rights the driver uses, in its namespace (KUBE_NAMESPACE) and nowhere else:
 * the console's Role (deploy/kubernetes/rbac.yaml) grants exactly these, and
 * deploy/test/manifests.test.ts holds it to them. `create` beside `patch`: a server-side
 * apply that creates an object is checked as a create. No watch: the driver polls.
 */
export const DRIVER_RIGHTS: readonly { apiGroup: string; resources: readonly string[]; verbs: readonly string[] }[] = [
  { apiGroup: '', resources: ['secrets', 'configmaps', 'services', 'persistentvolumeclaims'], verbs: ['get', 'list', 'create', 'patch', 'delete'] },
  { apiGroup: 'apps', resources: ['statefulsets'], verbs: ['get', 'list', 'create', 'patch', 'delete'] },
  { apiGroup: 'networking.k8s.io', resources: ['ingresses'], verbs: ['get', 'list', 'create', 'patch', 'delete'] },
  { apiGroup: '', resources: ['pods'], verbs: ['get', 'delete'] },
  { apiGroup: '', resources: ['events'], verbs: ['list'] },
];
