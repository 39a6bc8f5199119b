import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type CreateApiKeyInput } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { withFreshProof } from '../mfa/fresh-proof';

export const apiKeyKeys = createQueryKeys('api-keys');

/** GET /client/api-keys: the account's keys, revoked and expired ones included (a short list: no paging). */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: apiKeyKeys.lists(), queryFn: ({ signal }) => call(endpoints.apiKeys, {}, { signal }), enabled });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
}

/** Answers the key with its secret: the only time the secret is ever shown. */
export function useCreateApiKey() {
  const changed = useChanged();
  // A key outlives the session: the server asks for a fresh proof of identity first (the dialog, then the same call).
  return useMutation({ mutationFn: (input: CreateApiKeyInput) => withFreshProof(() => call(endpoints.createApiKey, { body: input })), onSuccess: changed });
}

/** A new secret for one's own key; as for creating one, the server may ask for a fresh proof first. */
export function useRotateApiKey() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: string) => withFreshProof(() => call(endpoints.rotateApiKey, { params: { id } })), onSuccess: changed });
}

export function useRevokeApiKey() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: string) => call(endpoints.revokeApiKey, { params: { id } }), onSuccess: changed });
}
