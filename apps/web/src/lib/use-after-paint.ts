import { useEffect, useState } from 'react';

/**
 * False until the frame the component mounted in has been painted, then true: for reads a
 * screen can do without at first (the bell's count, the live status stream), so that on a
 * slow link they do not share its few connections with the code and the data the screen
 * shows first. A tab in the background paints no frame, so it waits until it is shown.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
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
  }, [painted]);
  return painted;
}
