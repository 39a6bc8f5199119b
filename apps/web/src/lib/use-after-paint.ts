import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * False until the page has shown what it opened for, then true for good: no read of the data
 * cache under way any more, and the frame after that painted. For reads a page can do without
 * at first (the bell's count, the live status stream), so that on a slow link they do not
 * share its few connections with the code and the data the page shows first. A tab in the
 * background paints no frame, so it waits until it is shown. It listens to the cache only
 * until then: the shell's bell would otherwise render again at every read of the app's life.
 */
export function useAfterPaint(): boolean {
  const queryClient = useQueryClient();
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = timer = undefined;
    };
    // The frame callback runs just before the paint; the task it queues, just after it.
    const afterPaint = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    // A read starting puts the paint off again; any other change of the cache leaves the frame
    // already asked for (a page whose cache kept changing would otherwise never get there).
    const check = () => {
      if (queryClient.isFetching() > 0) return cancel();
      if (frame !== undefined || timer !== undefined) return;
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(afterPaint);
      else afterPaint();
    };
    check();
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [painted, queryClient]);
  return painted;
}
