import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, installPreloadErrorListener, loadChunk, withHeadAppendsBatched } from './lazy';

describe('route chunks', () => {
  it('loads a chunk', async () => {
    await expect(loadChunk('billing', () => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("names a script that failed: 'Loading chunk {id} failed'", async () => {
    const error = await loadChunk('billing', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/BillingPage.js'))).catch((e: unknown) => e);
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

describe('withHeadAppendsBatched', () => {
  const link = (href: string) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href });

  it('puts what the import appends to the head in at once, after it started, and answers what it answered', async () => {
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(document.head, { childList: true });
    const answer = withHeadAppendsBatched(() => {
      for (const href of ['/a.js', '/b.js', '/c.css']) document.head.appendChild(link(href));
      expect(document.head.querySelector('link[href="/a.js"]')).toBeNull();
      return 'started';
    });
    expect(answer).toBe('started');
    await Promise.resolve();
    observer.disconnect();
    expect(records).toHaveLength(1);
    expect([...records[0]!.addedNodes].map((n) => (n as HTMLLinkElement).getAttribute('href'))).toEqual(['/a.js', '/b.js', '/c.css']);
    expect(Object.prototype.hasOwnProperty.call(document.head, 'appendChild')).toBe(false);
  });

  it('gives the head its own appendChild back when the import throws, with what was appended before', () => {
    expect(() =>
      withHeadAppendsBatched(() => {
        document.head.appendChild(link('/before-throw.js'));
        throw new Error('no chunk');
      }),
    ).toThrow('no chunk');
    expect(document.head.querySelector('link[href="/before-throw.js"]')).not.toBeNull();
    expect(Object.prototype.hasOwnProperty.call(document.head, 'appendChild')).toBe(false);
  });

  it('inside another batch, ends in the outer one', () => {
    withHeadAppendsBatched(() => {
      withHeadAppendsBatched(() => document.head.appendChild(link('/inner.js')));
      expect(document.head.querySelector('link[href="/inner.js"]')).toBeNull();
    });
    expect(document.head.querySelector('link[href="/inner.js"]')).not.toBeNull();
  });
});
