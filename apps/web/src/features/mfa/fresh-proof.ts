import { useSyncExternalStore } from 'react';
import { errorCodeOf } from '../../lib/api';

/**
 * A call that needs a fresh proof of identity (creating an API key, changing the second
 * factor) answers 403 `fresh_proof_required` when the session proved it more than 5 minutes
 * ago. `withFreshProof` then asks for the password or a code (FreshProofDialog, mounted once
 * in the console's shell), and makes the same call again once it is given.
 */
export const PROOF_CANCELLED = 'Not done: your identity was not confirmed.';

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function requestProof(): Promise<void> {
  // One question at a time: a second call waiting for proof is answered with the first.
  pending?.reject(new Error(PROOF_CANCELLED));
  return new Promise<void>((resolve, reject) => {
    pending = { resolve, reject };
    emit();
  });
}

/** The dialog's end: proven (the waiting call is made again) or cancelled (it fails with PROOF_CANCELLED). */
export function settleProof(proven: boolean): void {
  const current = pending;
  pending = null;
  emit();
  if (proven) current?.resolve();
  else current?.reject(new Error(PROOF_CANCELLED));
}

/** Whether a call is waiting for a proof (the dialog is open). */
export function useProofRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
    () => false,
  );
}

export async function withFreshProof<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (errorCodeOf(error) !== 'fresh_proof_required') throw error;
    await requestProof();
    return call();
  }
}
