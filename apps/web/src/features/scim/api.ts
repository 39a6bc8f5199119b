import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { withFreshProof } from '../mfa/fresh-proof';

export const scimKeys = createQueryKeys('scim');

/** GET /client/scim: the SCIM base URL, the token's dates (never the token) and the groups with their roles. */
export function useProvisioning(enabled: boolean) {
  return useQuery({ queryKey: scimKeys.lists(), queryFn: ({ signal }) => call(endpoints.scimProvisioning, {}, { signal }), enabled });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: scimKeys.all });
}

/** Creates (or rotates) the token: the answer is the only time it is ever shown. */
export function useCreateScimToken() {
  const changed = useChanged();
  // The token outlives the session: the server may ask for a fresh proof of identity first (the dialog, then the same call).
  return useMutation({ mutationFn: () => withFreshProof(() => call(endpoints.createScimToken, {})), onSuccess: changed });
}

export function useRevokeScimToken() {
  const changed = useChanged();
  return useMutation({ mutationFn: () => call(endpoints.revokeScimToken, {}), onSuccess: changed });
}

export function useMapScimGroup() {
  const changed = useChanged();
  return useMutation({ mutationFn: (input: { id: string; roleId: string | null }) => call(endpoints.mapScimGroup, { params: { id: input.id }, body: { roleId: input.roleId } }), onSuccess: changed });
}
