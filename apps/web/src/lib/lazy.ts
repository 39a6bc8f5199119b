import { createElement, lazy, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS_MS } from '@replay/contracts';

/** A route chunk (its script or its stylesheet) could not be loaded. */
export class ChunkLoadError extends Error {
  readonly chunkId: string;
  readonly css: boolean;

  constructor(chunkId: string, css: boolean, options?: { cause?: unknown }) {
    super(css ? `Loading CSS chunk ${chunkId} failed` : `Loading chunk ${chunkId} failed`, options);
    this.name = 'ChunkLoadError';
    this.chunkId = chunkId;
    this.css = css;
  }
}

/** Errors Vite reported through `vite:preloadError` (a chunk's script or CSS preload failed). */
const preloadFailures = new WeakSet<object>();

function isCssFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /preload CSS|\.css\b/i.test(error.message) || (preloadFailures.has(error) && /css/i.test(error.message));
}

/**
 * Vite dispatches `vite:preloadError` before rethrowing a failed dynamic import;
 * the event is not cancelled, so the failing import rejects and the route's
 * error screen names the chunk. Call once at start-up.
 */
export function installPreloadErrorListener(win: Window = window): () => void {
  const onError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload && typeof payload === 'object') preloadFailures.add(payload);
  };
  win.addEventListener('vite:preloadError', onError);
  return () => win.removeEventListener('vite:preloadError', onError);
}

/** Runs a chunk's dynamic import with a time-out; any failure becomes a ChunkLoadError naming the chunk. */
export function loadChunk<T>(chunkId: string, loader: () => Promise<T>, timeoutMs: number = TIMINGS_MS.chunkLoadTimeout): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunkId, false)), timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunkId, isCssFailure(error), { cause: error }));
      },
    );
  });
}

/**
 * Starts a chunk's import with the link elements Vite's preload helper adds to the head
 * (one per chunk and stylesheet the chunk needs, appended while the import starts) put in
 * at once. Appended one by one, thirty of them took 190 ms of a main thread slowed 4× in
 * chromium (each append is processed on its own); as one fragment, 8 ms.
 */
export function withHeadAppendsBatched<T>(start: () => T, head: HTMLHeadElement = document.head): T {
  const batch = document.createDocumentFragment();
  // Usually none: the element's appendChild is its prototype's. Kept so a batch inside a batch ends in the outer one.
  const own = Object.getOwnPropertyDescriptor(head, 'appendChild');
  head.appendChild = ((node: Node) => batch.appendChild(node)) as typeof head.appendChild;
  try {
    return start();
  } finally {
    if (own) Object.defineProperty(head, 'appendChild', own);
    else delete (head as { appendChild?: unknown }).appendChild;
    head.appendChild(batch);
  }
}

/**
 * What a route screen's module may export beside its component: the first data the screen
 * asks for, fetched into the query cache ahead of its render (see preloadSignedIn).
 */
export type ScreenPrefetch = (queryClient: QueryClient, search: URLSearchParams) => Promise<void>;

/** Where a screen's prefetch puts its data, the address it reads, and whether the session opened. */
export interface PrefetchContext {
  queryClient: QueryClient;
  search: URLSearchParams;
  opened: Promise<boolean>;
}

/**
 * React.lazy for a route screen, loaded through loadChunk. `preload()` starts fetching the
 * chunk before React asks for it (the browser keeps one module per URL, so the screen's own
 * load then finds it under way or done); a failure there is left to that load to report
 * (the promise answered settles either way).
 * Given a `prefetch` context, it then runs the module's `prefetch` once the session is open
 * (`opened` true; nothing when it could not be), so the screen's data travels beside the
 * account's rather than after it.
 *
 * A screen whose module has already loaded renders at once. React.lazy suspends on its first
 * render even then (its module comes through a promise), and React holds the content that
 * replaces a Suspense fallback until 300 ms after that fallback showed: a signed-in page whose
 * shell and screen were preloaded with it painted its list ~300 ms after it could.
 */
export function lazyRoute<P extends object>(chunkId: string, loader: () => Promise<{ default: ComponentType<P>; prefetch?: ScreenPrefetch }>) {
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    withHeadAppendsBatched(loader).then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(() => loadChunk(chunkId, load));
  function LazyRoute(props: P) {
    // Chosen once per mount: an element whose type changed would mount the screen afresh.
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return createElement(Screen, props);
  }
  return Object.assign(LazyRoute, {
    preload: (prefetch?: PrefetchContext): Promise<void> =>
      load()
        .then(async (module) => {
          if (!prefetch || !module.prefetch || !(await prefetch.opened)) return;
          await module.prefetch(prefetch.queryClient, prefetch.search);
        })
        .catch(() => undefined),
  });
}
