import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { App } from '../app/App';
import { AppProviders } from '../app/providers';
import { bootstrapSession } from '../features/auth/bootstrap';
import type { SessionParams } from '../features/auth/url-params';
import { tokenStore } from '../lib/api';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
}

let currentPath = '';
/** The memory router's location, as the tests last saw it rendered. */
export const locationNow = () => currentPath;

function LocationProbe() {
  const location = useLocation();
  currentPath = `${location.pathname}${location.search}`;
  return null;
}

/** The whole app at `path`, opening its session as main.tsx does (fetch must be stubbed first). */
export function renderApp(path: string, params: SessionParams = { jwt: null, iframe: false }) {
  tokenStore.set(null);
  const queryClient = testQueryClient();
  const ready = bootstrapSession(params);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <App queryClient={queryClient} ready={ready} params={params} />
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}

/** A component with the theme, the data cache and a router around it. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  const queryClient = testQueryClient();
  return {
    ...render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
    queryClient,
  };
}
