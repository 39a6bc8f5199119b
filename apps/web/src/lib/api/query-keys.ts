/**
 * Query keys per domain: `all / lists / list / details / detail`, so a mutation
 * invalidates exactly what it changed (e.g. one detail, or every list).
 */
export function createQueryKeys<const D extends string>(domain: D) {
  const all = [domain] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: Readonly<Record<string, unknown>> = {}) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}
