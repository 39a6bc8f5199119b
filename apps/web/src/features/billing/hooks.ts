import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, type BillingDetails, type CreateBillingInput, type EditBillingInput } from '@replay/contracts';
import { notifyError, notifySuccess } from '../../lib/notify';
import { currentAccountKey } from '../account/api';
import { billingApi, billingKeys } from './api';
import { invoiceRows } from './invoice-pages';

/*
 * The running period's figures move with every hour and every instance change, unlike the
 * app's other reads (stale after 30 s): the Billing screen reads them afresh each time it
 * opens, showing the cached ones meanwhile.
 */
const FRESH_ON_OPEN = { staleTime: 0 } as const;

export function useBillingDetails() {
  return useQuery({ queryKey: billingKeys.details(), queryFn: ({ signal }) => billingApi.details(signal), ...FRESH_ON_OPEN });
}

export function useUtilization(enabled = true) {
  return useQuery({ queryKey: billingKeys.utilization(), queryFn: ({ signal }) => billingApi.utilization(signal), enabled, ...FRESH_ON_OPEN });
}

/** Invoices 30 a fetch: 'Load More' asks for the next page while the last one said `has_more`. */
export function useInvoices(enabled = true) {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(),
    queryFn: ({ pageParam, signal }) => billingApi.invoices(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.has_more ? lastPage + 1 : undefined),
    select: invoiceRows,
    enabled,
    ...FRESH_ON_OPEN,
  });
}

export type SaveBillingInput = { kind: 'create'; body: CreateBillingInput } | { kind: 'edit'; body: EditBillingInput };

/**
 * POST /plans/billing the first time, PUT /plans/edit after. The answer replaces the
 * cached details; the account is read again, since its `hasBillingDetails` ends the
 * trial banner and opens what needed billing (bigger instances, a grown disk).
 */
export function useSaveBilling(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBillingInput) => (input.kind === 'create' ? billingApi.create(input.body) : billingApi.edit(input.body)),
    onSuccess: (details: BillingDetails) => {
      queryClient.setQueryData(billingKeys.details(), details);
      void queryClient.invalidateQueries({ queryKey: billingKeys.details() });
      void queryClient.invalidateQueries({ queryKey: currentAccountKey });
      notifySuccess(BILLING_MESSAGES.saved);
      onSaved();
    },
    onError: () => notifyError(BILLING_MESSAGES.saveFailed),
  });
}
