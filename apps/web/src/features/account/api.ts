import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { accountEndpoints, type Account, type AccountUpdate, type AvatarUpdate, type PasswordChange } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { memberKeys } from '../members/keys';

export const accountKeys = createQueryKeys('account');
/** The signed-in user's own account. */
export const currentAccountKey = accountKeys.detail('current');

export function fetchAccount(): Promise<Account> {
  return call(accountEndpoints.account, {});
}

export function setCurrentAccount(queryClient: QueryClient, account: Account): void {
  queryClient.setQueryData(currentAccountKey, account);
}

/**
 * When the cached account was last replaced (read or saved), without fetching it:
 * the session's own query does that. Screens reset what an account change makes stale.
 */
export function useAccountUpdatedAt(): number {
  return useQuery({ queryKey: currentAccountKey, queryFn: fetchAccount, enabled: false }).dataUpdatedAt;
}

/** POST /account: Name and Organization. The answer replaces the cached account. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountUpdate) => call(accountEndpoints.updateAccount, { body: input }),
    onSuccess: (account) => setCurrentAccount(queryClient, account),
  });
}

/** POST /account/password; failures carry the server's `errors` to list under the form. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => call(accountEndpoints.changePassword, { body: input }),
    onSuccess: (account) => setCurrentAccount(queryClient, account),
  });
}

/** POST /account/avatar: the caller's avatar icon, or null for the initials. The team list shows it too, so it is read again. */
export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvatarUpdate) => call(accountEndpoints.updateAvatar, { body: input }),
    onSuccess: (account) => {
      setCurrentAccount(queryClient, account);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
