import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS_MS } from '@replay/contracts';
import { cssVariablesResolver, theme } from './theme';

/** Theme, data cache and toasts (bottom-right, closing after 3000 ms). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" autoClose={TIMINGS_MS.toastAutoClose} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
