import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageAnnouncer } from '../components/PageAnnouncer';
import type { SessionParams } from '../features/auth/url-params';
import { SessionRecorder } from '../features/session-recorder/SessionRecorder';
import { AppRoutes } from './AppRoutes';
import { AppProviders } from './providers';
import { SessionProvider } from './session/SessionProvider';

interface Props {
  queryClient: QueryClient;
  /** The session bootstrap of this page load. */
  ready: Promise<void>;
  /** Known anonymous from the start (see SessionProvider). */
  settled?: boolean;
  params: SessionParams;
}

/** The whole console below a router (BrowserRouter in the page, MemoryRouter in tests). */
export function App({ queryClient, ready, settled, params }: Props) {
  return (
    <AppProviders queryClient={queryClient}>
      <PageAnnouncer />
      <SessionProvider ready={ready} settled={settled} params={params}>
        <SessionRecorder />
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </SessionProvider>
    </AppProviders>
  );
}
