import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/styles/base';
import { App } from './app/App';
import { preloadSignedIn } from './app/AppRoutes';
import { bootstrapSession } from './features/auth/bootstrap';
import { hasSessionHint } from './features/auth/session-hint';
import { captureSessionParams } from './features/auth/url-params';
import { createQueryClient } from './lib/api';
import { installPreloadErrorListener } from './lib/lazy';

installPreloadErrorListener();
// Read ?jwt / ?iframe and open the session once, before React (the refresh cookie is single use).
const params = captureSessionParams();
const ready = bootstrapSession(params);
if (params.jwt || hasSessionHint()) preloadSignedIn(window.location.pathname);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and
// lets the browser in between, rather than in one long task that blocks input.
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} ready={ready} params={params} />
      </BrowserRouter>
    </StrictMode>,
  ),
);
