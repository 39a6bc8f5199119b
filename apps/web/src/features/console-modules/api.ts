import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints, toggleModule, type Account, type ConsoleModuleKey } from '@replay/contracts';
import { call } from '../../lib/api';
import { currentAccountKey } from '../account/api';

/** The session state's toggle (spec section 4): the key added to the account's `settings.modules` if absent, removed if present. */
function applyToggle(queryClient: QueryClient, key: ConsoleModuleKey): void {
  queryClient.setQueryData<Account>(currentAccountKey, (account) => (account ? { ...account, settings: { ...account.settings, modules: toggleModule(account.settings.modules, key) } } : account));
}

/**
 * POST /users/modules, optimistic: the session's account takes the spec's toggle at once,
 * so the menu and screens follow while the call is under way, and the same toggle again
 * (its own inverse) if the call fails. Another admin's change meanwhile arrives with the
 * account's next read.
 */
export function useToggleModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ConsoleModuleKey) => call(endpoints.toggleModule, { body: { module: key } }),
    onMutate: async (key) => {
      // A read of the account under way would land after the toggle and undo it on screen.
      await queryClient.cancelQueries({ queryKey: currentAccountKey });
      applyToggle(queryClient, key);
    },
    onError: (_error, key) => applyToggle(queryClient, key),
  });
}
