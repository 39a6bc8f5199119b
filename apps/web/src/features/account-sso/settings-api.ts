import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSsoEndpoints, type SaveSsoConnection, type SsoSettings } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';

export const accountSsoKeys = createQueryKeys('account-sso');

/** GET /client/sso: the connection (null before one is saved), the claimed domains, the console's own addresses for the IdP. */
export function useSsoSettings(enabled: boolean) {
  return useQuery({ queryKey: accountSsoKeys.lists(), queryFn: ({ signal }) => call(accountSsoEndpoints.getSsoSettings, {}, { signal }), enabled });
}

/** The calls that answer the whole settings put them in the cache at once; the others read them again. */
function useSettingsChange<T>(run: (input: T) => Promise<SsoSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (settings) => queryClient.setQueryData(accountSsoKeys.lists(), settings) });
}

function useRefetchingChange<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: accountSsoKeys.all }) });
}

export const useSaveSsoConnection = () => useSettingsChange((body: SaveSsoConnection) => call(accountSsoEndpoints.saveSsoConnection, { body }));

export const useSetSsoEnforcement = () => useSettingsChange((enforced: boolean) => call(accountSsoEndpoints.setSsoEnforcement, { body: { enforced } }));

export const useDeleteSsoConnection = () => useRefetchingChange(() => call(accountSsoEndpoints.deleteSsoConnection, {}));

/** Claims the email's domain (or sends a new code for a pending claim): the code goes to that address. */
export const useClaimSsoDomain = () => useRefetchingChange((email: string) => call(accountSsoEndpoints.claimSsoDomain, { body: { email } }));

export const useVerifySsoDomain = () =>
  useRefetchingChange((input: { id: string; code: string }) => call(accountSsoEndpoints.verifySsoDomain, { params: { id: input.id }, body: { code: input.code } }));

export const useDeleteSsoDomain = () => useRefetchingChange((id: string) => call(accountSsoEndpoints.deleteSsoDomain, { params: { id } }));

/** POST /client/sso/test: the browser leaves for the IdP and comes back to this screen with `?test=passed|failed`. */
export function useStartSsoTest() {
  return useMutation({
    mutationFn: () => call(accountSsoEndpoints.testSsoConnection, {}),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
