import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';

/**
 * False until the page has shown what it opened for, then true for good: no read of the data
 * cache under way any more, and the frame after that painted. For reads a page can do without
 * at first (the bell's count, the live status stream), so that on a slow link they do not
 * share its few connections with the code and the data the page shows first. A tab in the
 * background paints no frame, so it waits until it is shown.
 */
export function useAfterPaint(): boolean {
  const fetching = useIsFetching();
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || fetching > 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; the task it queues, just after it.
    const afterPaint = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(afterPaint) : undefined;
    if (frame === undefined) afterPaint();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, fetching]);
  return painted;
}
