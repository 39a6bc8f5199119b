import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in markup rendered ahead of time (the prerendered public screens) and in the
 * render that hydrates it; true once the app runs the page (React renders again at once
 * after hydrating), and from the start of a page the app rendered itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
