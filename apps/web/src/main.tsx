// zod's browser setting (no compiled parsers under the CSP), kept by naming it here: the
// contracts' index is free of side effects, so that a page bundles only the rules it uses.
import '@replay/contracts/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/styles/base';
import { App } from './app/App';
import { preloadSignedIn } from './app/AppRoutes';
import { bootstrapSession } from './features/auth/bootstrap';
import { hasSessionHint } from './features/auth/session-hint';
import { captureSessionParams } from './features/auth/url-params';
import { createQueryClient, tokenStore } from './lib/api';
import { installPreloadErrorListener } from './lib/lazy';

installPreloadErrorListener();
// Read ?jwt / ?iframe and open the session once, before React (the refresh cookie is single use).
const params = captureSessionParams();
const ready = bootstrapSession(params);
// Nothing to open (no handed-over token, no session hint): the visit is known anonymous
// from the first render, which is then the public screen itself.
const settled = !params.jwt && !hasSessionHint();
const queryClient = createQueryClient();
if (!settled) void preloadSignedIn(window.location, { queryClient, opened: ready.then(() => tokenStore.get() !== null) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} ready={ready} settled={settled} params={params} />
    </BrowserRouter>
  </StrictMode>
);
// The first render as a transition: React renders it in slices of a few milliseconds and
// lets the browser in between, rather than in one long task that blocks input.
if (settled && container.dataset.prerendered === window.location.pathname) {
  // The server sent this screen prerendered (prerender-pages.ts), as this render makes it:
  // React adopts the elements on screen instead of painting them again.
  startTransition(() => void hydrateRoot(container, app));
} else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
