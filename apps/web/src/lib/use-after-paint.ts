import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterPresented } from './after-presented';

/**
 * False until the page has shown what it opened for, then true for good: no read of the data
 * cache under way any more, and what came of them on screen (afterPresented). For reads a page
 * can do without at first (the bell's count, the live status stream), so that on a slow link
 * they do not share its few connections with the code and the data the page shows first. A tab
 * in the background paints no frame, so it waits until it is shown. It listens to the cache
 * only until then: the shell's bell would otherwise render again at every read of the app's life.
 */
export function useAfterPaint(): boolean {
  const queryClient = useQueryClient();
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let cancel: (() => void) | undefined;
    const stop = () => {
      cancel?.();
      cancel = undefined;
    };
    // A read starting puts the paint off again; any other change of the cache leaves the wait
    // already begun (a page whose cache kept changing would otherwise never get there).
    const check = () => {
      if (queryClient.isFetching() > 0) return stop();
      cancel ??= afterPresented(performance.now(), () => setPainted(true));
    };
    check();
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    return () => {
      unsubscribe();
      stop();
    };
  }, [painted, queryClient]);
  return painted;
}
