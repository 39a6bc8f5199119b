import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type SaveWebhookInput } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';

export const webhookKeys = createQueryKeys('webhooks');

/** GET /webhooks: the account's endpoints (a short list: no paging). */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.lists(), queryFn: ({ signal }) => call(endpoints.webhooks, {}, { signal }) });
}

/** How often the open delivery log asks again: attempts and new deliveries happen in the background. */
export const WEBHOOK_DELIVERIES_POLL_MS = 5_000;

/** GET /webhooks/{id}/deliveries: the delivery log, newest first; polled while open, since attempts happen in the background. */
export function useDeliveries(webhookId: string | null, page: number) {
  return useQuery({
    queryKey: webhookKeys.detail(`${webhookId ?? ''}:${page}`),
    queryFn: ({ signal }) => call(endpoints.webhookDeliveries, { params: { id: webhookId ?? '' }, query: { page, limit: 20 } }, { signal }),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: WEBHOOK_DELIVERIES_POLL_MS,
  });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useSaveWebhook() {
  const changed = useChanged();
  return useMutation({ mutationFn: (input: SaveWebhookInput) => call(endpoints.saveWebhook, { body: input }), onSuccess: changed });
}

export function useDeleteWebhook() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: string) => call(endpoints.deleteWebhook, { params: { id } }), onSuccess: changed });
}

/** A new secret, answered once (the page shows it in the secret dialog). */
export function useRotateSecret() {
  return useMutation({ mutationFn: (id: string) => call(endpoints.rotateWebhookSecret, { params: { id } }) });
}

export function useEnableWebhook() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: string) => call(endpoints.enableWebhook, { params: { id } }), onSuccess: changed });
}

export function useSendTest() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: string) => call(endpoints.testWebhook, { params: { id } }), onSuccess: changed });
}

export function useReplay() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) => call(endpoints.replayWebhookDelivery, { params: { id: webhookId, deliveryId } }),
    onSuccess: changed,
  });
}
