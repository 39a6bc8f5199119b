import {
  PAGE_SIZES,
  instanceEventsSchema,
  instanceJwtSchema,
  instanceListSchema,
  instanceSchema,
  instanceStatusListSchema,
  instanceStatusOnlySchema,
  proxyHealthSchema,
  validateDomainSchema,
  type CreateInstanceInput,
  type InstanceActionBody,
  type UpdateInstanceInput,
} from '@replay/contracts';
import { api, createQueryKeys } from '../../lib/api';

/** The managed-instances calls of spec section 7, and their query keys. */

const BASE = '/managed-saas/instances';
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const instanceKeys = {
  ...createQueryKeys('instances'),
  /** Under the detail key, so refreshing an instance refreshes its events too. */
  allEvents: (id: string) => ['instances', 'detail', id, 'events'] as const,
  events: (id: string, page: number) => ['instances', 'detail', id, 'events', { page }] as const,
  allHealth: (id: string) => ['instances', 'health', id] as const,
  health: (id: string, url: string | null) => ['instances', 'health', id, url] as const,
  domain: (url: string) => ['instances', 'validate-domain', url] as const,
};

export interface ListParams {
  page: number;
  search: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

export const instancesApi = {
  list: ({ page, search }: ListParams, signal?: AbortSignal) =>
    api.get(`${BASE}?${query({ page, limit: PAGE_SIZES.instances, search })}`, instanceListSchema, { signal }),
  get: (id: string, signal?: AbortSignal) => api.get(path(id), instanceSchema, { signal }),
  statuses: (ids: string[]) => api.post(`${BASE}/status`, { ids }, instanceStatusListSchema),
  status: (id: string) => api.get(`${path(id)}/status`, instanceStatusOnlySchema),
  validateDomain: (url: string, signal?: AbortSignal) => api.get(`${BASE}/validate-domain?${query({ url })}`, validateDomainSchema, { signal }),
  /** The key makes a repeated request (double click, retry after a lost answer) create one instance. */
  create: (input: CreateInstanceInput, idempotencyKey: string) =>
    api.post(BASE, input, instanceSchema, { headers: { 'Idempotency-Key': idempotencyKey } }),
  update: (id: string, body: UpdateInstanceInput) => api.put(path(id), body, instanceSchema),
  act: (id: string, body: InstanceActionBody) => api.post(`${path(id)}/actions`, body, instanceSchema),
  loginToken: (id: string) => api.get(`${path(id)}/jwt`, instanceJwtSchema),
  proxyHealth: (id: string) => api.get(`${path(id)}/health`, proxyHealthSchema),
  events: (id: string, page: number, signal?: AbortSignal) =>
    api.get(`${path(id)}/user-activity?${query({ page, limit: PAGE_SIZES.events })}`, instanceEventsSchema, { signal }),
};
