import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

/**
 * The session's `onboarding` flag (spec: "Signup success stores account and sets onboarding
 * true"): set by a sign-up, it makes the new account's first steps the getting-started ones
 * (the welcome lists them; the first instance created opens its Install step). Kept in
 * sessionStorage so a reload in the middle keeps it; cleared once the steps are opened and
 * when the session ends.
 */
const listeners = new Set<() => void>();

export const onboardingFlag = {
  get: (): boolean => readStored('session', STORAGE_KEYS.onboarding) === '1',
  set(on: boolean): void {
    writeStored('session', STORAGE_KEYS.onboarding, on ? '1' : null);
    listeners.forEach((notify) => notify());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useOnboarding(): boolean {
  return useSyncExternalStore(onboardingFlag.subscribe, onboardingFlag.get, () => false);
}
