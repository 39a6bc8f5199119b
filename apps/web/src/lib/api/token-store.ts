import { useSyncExternalStore } from 'react';

/**
 * The access token, kept in memory only (never in storage): a reload restores
 * the session through the httpOnly refresh cookie instead.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export const tokenStore = {
  get: (): string | null => current,
  set(next: string | null): void {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAccessToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get, tokenStore.get);
}
