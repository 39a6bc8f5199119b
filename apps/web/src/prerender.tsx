import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { routes } from '@replay/contracts';
import { App } from './app/App';
import { createQueryClient } from './lib/api';

/**
 * The public screens a visit without a session opens first. The build renders each to
 * HTML (prerender-pages.ts) and the console sends that HTML to a visit without a session
 * hint or query: the form shows with the document, seconds before the script has arrived
 * on a slow connection, and the script then hydrates it in place (main.tsx).
 */
export const PRERENDERED_PATHS = [routes.login(), routes.signup(), routes.resetPassword()] as const;

/**
 * The markup the page's first client render makes for `path` without a session: the same
 * tree as main.tsx, known anonymous (`settled`), nothing in the data cache yet.
 */
export function prerender(path: string): string {
  return renderToString(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <App queryClient={createQueryClient()} ready={Promise.resolve()} settled params={{ jwt: null, iframe: false }} />
      </MemoryRouter>
    </StrictMode>,
  );
}
