import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENTED_FALLBACK_MS, afterPresented } from './after-presented';

/** A browser that reports its largest paints, as chromium does: the entries are handed out by `paint`. */
class LargestPaints {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static live = new Set<LargestPaints>();
  constructor(private readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void) {}
  observe() {
    LargestPaints.live.add(this);
  }
  disconnect() {
    LargestPaints.live.delete(this);
  }
  static paint(startTime: number) {
    for (const o of LargestPaints.live) o.callback({ getEntries: () => [{ startTime }] });
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  LargestPaints.live.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPresented', () => {
  it('where the browser reports its largest paints: waits for one of the content shown since, then a task', () => {
    vi.stubGlobal('PerformanceObserver', LargestPaints);
    const then = vi.fn();
    afterPresented(100, then);
    vi.advanceTimersToNextFrame();
    // A paint from before the reads arrived (the loading text) is not the page's content.
    LargestPaints.paint(90);
    vi.advanceTimersByTime(PRESENTED_FALLBACK_MS - 1);
    expect(then).not.toHaveBeenCalled();
    LargestPaints.paint(120);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
    expect(LargestPaints.live.size).toBe(0);
    // The fallback it no longer needs does not call it again.
    vi.advanceTimersByTime(PRESENTED_FALLBACK_MS);
    expect(then).toHaveBeenCalledOnce();
  });

  it('goes ahead a while after the next frame when no largest paint comes (content no larger than before)', () => {
    vi.stubGlobal('PerformanceObserver', LargestPaints);
    const then = vi.fn();
    afterPresented(100, then);
    vi.advanceTimersByTime(PRESENTED_FALLBACK_MS);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(PRESENTED_FALLBACK_MS);
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
    expect(LargestPaints.live.size).toBe(0);
  });

  it('elsewhere: the task after the next frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const then = vi.fn();
    afterPresented(100, then);
    vi.advanceTimersByTime(1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
  });

  it('cancelled, it leaves nothing waiting: no frame, no observer, no call', () => {
    vi.stubGlobal('PerformanceObserver', LargestPaints);
    const then = vi.fn();
    const cancel = afterPresented(100, then);
    expect(LargestPaints.live.size).toBe(1);
    cancel();
    expect(LargestPaints.live.size).toBe(0);
    LargestPaints.paint(120);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(PRESENTED_FALLBACK_MS * 2);
    expect(then).not.toHaveBeenCalled();
  });
});
