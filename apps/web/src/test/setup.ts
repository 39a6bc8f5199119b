import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { theme } from '../app/theme';
import { tokenStore } from '../lib/api/token-store';
import { setSessionHint } from './fetch-stub';
import { resetSharedModules } from './module-reset';

// findBy… waits for what will appear; it asserts nothing about time. On a loaded 2-core
// machine (the server suites run beside these) a lazy route's first render plus its
// stubbed call took over 5 s in CI (the first test of a file compiles the route). A screen
// that never shows it still fails.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what Mantine reads for media queries, sizes and scrolling.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
// jsdom lays nothing out: every element measures 0×0, which floating-ui reads as a menu's
// button clipped out of view, so Mantine hid the open menu as soon as its position was
// computed (on a busy machine, before the test's click; Mantine's own test environment
// skips this check too). The check is off here; portals stay, so nested dialogs and
// drawers are in the document as a browser has them.
theme.components = { ...theme.components, Popover: { defaultProps: { hideDetached: false } } };
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  tokenStore.set(null);
  localStorage.clear();
  sessionStorage.clear();
  setSessionHint(false);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// The web project shares modules and the jsdom window across the files of a worker
// (vitest.config.ts): each file ends as a new page starts, its spies restored. Within a
// file, its tests share what they shared when each file had its own modules.
afterAll(() => {
  cleanup();
  resetSharedModules();
  vi.restoreAllMocks();
});
