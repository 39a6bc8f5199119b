import { PAGE_SIZES, instanceEndpoints, type CreateInstanceInput, type InstanceActionBody, type UpdateInstanceInput } from '@replay/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, createQueryKeys } from '../../lib/api';
import { keepLaterInstances } from './later';
import { trackListRead } from './live-status/live-position';

/** The managed-instances calls of spec section 7, and their query keys. */

export const instanceKeys = {
  ...createQueryKeys('instances'),
  /** Under the detail key, so refreshing an instance refreshes its events too. */
  allEvents: (id: string) => ['instances', 'detail', id, 'events'] as const,
  events: (id: string, page: number) => ['instances', 'detail', id, 'events', { page }] as const,
  allHealth: (id: string) => ['instances', 'health', id] as const,
  health: (id: string, url: string | null) => ['instances', 'health', id, url] as const,
  domain: (url: string) => ['instances', 'validate-domain', url] as const,
};

/** A type, not an interface: it is also a query key's filters. */
export type ListParams = {
  page: number;
  search: string;
};

const about = (id: string) => ({ params: { id } });

/** What a list read sends (its first page is SESSION_OPENING_READ_PATHS.instances: app/early-reads.test.ts holds the two together). */
const listInput = ({ page, search }: ListParams) => ({ query: { page, limit: PAGE_SIZES.instances, search: search || undefined } });

export const instancesApi = {
  list: (params: ListParams, signal?: AbortSignal) => trackListRead((onHeaders) => call(instanceEndpoints.instances, listInput(params), { signal, onHeaders })),
  get: (id: string, signal?: AbortSignal) => call(instanceEndpoints.instance, about(id), { signal }),
  statuses: (ids: string[]) => call(instanceEndpoints.statuses, { body: { ids } }),
  status: (id: string) => call(instanceEndpoints.status, about(id)),
  validateDomain: (url: string, signal?: AbortSignal) => call(instanceEndpoints.validateDomain, { query: { url } }, { signal }),
  /** The key makes a repeated request (double click, retry after a lost answer) create one instance. */
  create: (input: CreateInstanceInput, idempotencyKey: string) => call(instanceEndpoints.createInstance, { body: input }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  update: (id: string, body: UpdateInstanceInput) => call(instanceEndpoints.updateInstance, { ...about(id), body }),
  act: (id: string, body: InstanceActionBody) => call(instanceEndpoints.act, { ...about(id), body }),
  loginToken: (id: string) => call(instanceEndpoints.loginToken, about(id)),
  proxyHealth: (id: string) => call(instanceEndpoints.proxyHealth, about(id)),
  events: (id: string, page: number, signal?: AbortSignal) => call(instanceEndpoints.events, { ...about(id), query: { page, limit: PAGE_SIZES.events } }, { signal }),
};

/**
 * The list page and details reads, one definition for every screen that shows them (and the list's
 * prefetch): each write into them keeps the later state of an instance (later.ts).
 */
export const instanceQueries = {
  list: (params: ListParams) =>
    queryOptions({
      queryKey: instanceKeys.list(params),
      queryFn: ({ signal }) => instancesApi.list(params, signal),
      structuralSharing: keepLaterInstances,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: instanceKeys.detail(id),
      queryFn: ({ signal }) => instancesApi.get(id, signal),
      structuralSharing: keepLaterInstances,
    }),
};
