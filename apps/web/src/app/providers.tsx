import type { ReactNode } from 'react';
import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS_MS } from '@replay/contracts';
import { cssVariablesResolver, theme } from './theme';

/**
 * The console is light only (the build leaves the dark scheme's CSS out: vite-light-only.ts), so
 * there is no choice to remember: Mantine's default manager would read localStorage on every
 * start, the page's first touch of storage (a synchronous load of the origin's storage area,
 * seen at ~120 ms of main thread at 4× CPU in a profile of a cold load), for nothing.
 */
export const lightOnlyColorScheme: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

/** Theme, data cache and toasts (bottom-right, closing after 3000 ms). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" colorSchemeManager={lightOnlyColorScheme}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" autoClose={TIMINGS_MS.toastAutoClose} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
