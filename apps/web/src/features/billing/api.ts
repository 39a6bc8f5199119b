import { API_PREFIX, INVOICES_FETCH_SIZE, endpoints, type CreateBillingInput, type EditBillingInput } from '@replay/contracts';
import { ApiError, call, refreshAccessToken, runAuthFailure, tokenStore } from '../../lib/api';

/** The Billing screen's reads; saving the details refreshes `details` (and the session's account). */
export const billingKeys = {
  all: ['billing'] as const,
  details: () => ['billing', 'details'] as const,
  utilization: () => ['billing', 'utilization'] as const,
  invoices: () => ['billing', 'invoices'] as const,
};

export const billingApi = {
  details: (signal?: AbortSignal) => call(endpoints.billingDetails, {}, { signal }),
  utilization: (signal?: AbortSignal) => call(endpoints.utilization, {}, { signal }),
  /** One fetch of 30 invoices; the table shows them 10 a page. */
  invoices: (page: number, signal?: AbortSignal) => call(endpoints.invoices, { query: { page, limit: INVOICES_FETCH_SIZE } }, { signal }),
  create: (body: CreateBillingInput) => call(endpoints.createBilling, { body }),
  edit: (body: EditBillingInput) => call(endpoints.editBilling, { body }),
};

/**
 * An invoice's PDF path as the API gives it. Only a path of this origin is accepted: the
 * request carries the bearer token, which must never travel to another host.
 */
export function invoicePdfUrl(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new ApiError(0, ['The invoice PDF address is not valid.']);
  return path.startsWith(`${API_PREFIX}/`) ? path : `${API_PREFIX}${path}`;
}

async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { errors?: unknown } | null;
  const messages = Array.isArray(body?.errors) ? body.errors.filter((m): m is string => typeof m === 'string') : [];
  return new ApiError(res.status, messages);
}

/**
 * GET of a file under the API (the invoice PDF), as a Blob. The typed client only parses
 * `{ data }` JSON, so this sends the same bearer token itself and, like the client, renews
 * it once on a 401 before giving up on the session.
 */
export async function fetchApiBlob(path: string): Promise<Blob> {
  const url = invoicePdfUrl(path);
  const send = (token: string | null) =>
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' }).catch(() => {
      throw new ApiError(0, []);
    });
  let res = await send(tokenStore.get());
  if (res.status === 401) {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(renewed);
    if (res.status === 401) runAuthFailure();
  }
  if (!res.ok) throw await errorOf(res);
  return res.blob();
}
