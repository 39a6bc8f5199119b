import { API_PREFIX, INVOICES_FETCH_SIZE, endpoints, type CreateBillingInput, type EditBillingInput, type SaveBudgetInput } from '@replay/contracts';
import { ApiError, call, fetchApiFile } from '../../lib/api';

/** The Billing screen's reads; saving the details refreshes `details` (and the session's account). */
export const billingKeys = {
  all: ['billing'] as const,
  details: () => ['billing', 'details'] as const,
  utilization: () => ['billing', 'utilization'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  budget: () => ['billing', 'budget'] as const,
};

export const billingApi = {
  details: (signal?: AbortSignal) => call(endpoints.billingDetails, {}, { signal }),
  utilization: (signal?: AbortSignal) => call(endpoints.utilization, {}, { signal }),
  /** One fetch of 30 invoices; the table shows them 10 a page. */
  invoices: (page: number, signal?: AbortSignal) => call(endpoints.invoices, { query: { page, limit: INVOICES_FETCH_SIZE } }, { signal }),
  create: (body: CreateBillingInput) => call(endpoints.createBilling, { body }),
  edit: (body: EditBillingInput) => call(endpoints.editBilling, { body }),
  budget: (signal?: AbortSignal) => call(endpoints.budget, {}, { signal }),
  saveBudget: (body: SaveBudgetInput) => call(endpoints.saveBudget, { body }),
  removeBudget: () => call(endpoints.removeBudget, {}),
};

/**
 * An invoice's PDF path as the API gives it. Only a path of this origin is accepted: the
 * request carries the bearer token, which must never travel to another host.
 */
export function invoicePdfUrl(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new ApiError(0, ['The invoice PDF address is not valid.']);
  return path.startsWith(`${API_PREFIX}/`) ? path : `${API_PREFIX}${path}`;
}

/** GET of an invoice's PDF under the API, as a Blob (only a path of this origin: the request carries the token). */
export async function fetchApiBlob(path: string): Promise<Blob> {
  return fetchApiFile(invoicePdfUrl(path));
}
