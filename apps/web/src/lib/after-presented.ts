/**
 * How long to wait for the browser to report the page's new content on screen when it reports
 * nothing: content no larger than what was shown before makes no largest-paint entry, and the
 * browser stops making them at the first input.
 */
export const PRESENTED_FALLBACK_MS = 500;

/**
 * Calls `then` once what the page has just rendered is on screen, and returns what cancels it.
 * A frame's callback runs before that frame is painted, and the frame reaches the screen later
 * still (in chromium two or three frames after the commit): a read sent from there went out
 * before the page's content was shown, and competed with it on a slow link. Where the browser
 * reports its largest paints (chromium), this waits for the one after `since` (the time the
 * page's reads had all arrived), or PRESENTED_FALLBACK_MS after the next frame when none comes;
 * elsewhere, for the next frame.
 */
export function afterPresented(since: number, then: () => void): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    observer?.disconnect();
    frame = timer = observer = undefined;
  };
  // A task of its own, so that the reads start after the frame, not inside its callback.
  const done = () => {
    cancel();
    timer = setTimeout(then, 0);
  };
  if (typeof requestAnimationFrame !== 'function') {
    done();
    return cancel;
  }
  if (reportsLargestPaint()) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) done();
    });
    observer.observe({ type: 'largest-contentful-paint' });
  }
  frame = requestAnimationFrame(() => {
    frame = undefined;
    if (observer) timer = setTimeout(done, PRESENTED_FALLBACK_MS);
    else done();
  });
  return cancel;
}

function reportsLargestPaint(): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');
}
