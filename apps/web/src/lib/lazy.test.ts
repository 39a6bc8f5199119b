import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, installPreloadErrorListener, loadChunk } from './lazy';

describe('route chunks', () => {
  it('loads a chunk', async () => {
    await expect(loadChunk('billing', () => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("names a script that failed: 'Loading chunk {id} failed'", async () => {
    const error = await loadChunk('billing', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/BillingPage.js')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk billing failed');
  });

  it("names a stylesheet that failed: 'Loading CSS chunk {id} failed'", async () => {
    const remove = installPreloadErrorListener();
    const cssError = new Error('Unable to preload CSS for /assets/ConsoleShell.css');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: cssError });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    const error = await loadChunk('console', () => Promise.reject(cssError)).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Loading CSS chunk console failed');
    remove();
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('roles', () => new Promise<never>(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await pending) as Error).message).toBe('Loading chunk roles failed');
  });
});
