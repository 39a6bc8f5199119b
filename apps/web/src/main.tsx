import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import './app/styles/base';
import { App } from './app/App';
import { bootstrapSession } from './features/auth/bootstrap';
import { captureSessionParams } from './features/auth/url-params';
import { createQueryClient } from './lib/api';
import { installPreloadErrorListener } from './lib/lazy';

installPreloadErrorListener();
// Read ?jwt / ?iframe and open the session once, before React (the refresh cookie is single use).
const params = captureSessionParams();
const ready = bootstrapSession(params);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} ready={ready} params={params} />
    </BrowserRouter>
  </StrictMode>,
);
