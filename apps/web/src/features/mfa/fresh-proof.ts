import { useSyncExternalStore } from 'react';
import { ApiError, errorCodeOf } from '../../lib/api';

/**
 * A call that needs a fresh proof of identity (creating an API key, changing the second
 * factor) answers 403 `fresh_proof_required` when the session proved it more than 5 minutes
 * ago. `withFreshProof` then asks for the password or a code (FreshProofDialog, mounted once
 * in the console's shell), and makes the same call again once it is given.
 */
export const PROOF_CANCELLED = 'Not done: your identity was not confirmed.';

/**
 * The waiting call's failure when the question is cancelled: the server's refusal with this
 * message, so every screen's errorMessage says why nothing was done (a plain Error showed its
 * generic fallback, e.g. "Could not create the key.").
 */
const proofCancelled = (): Error => new ApiError(403, [PROOF_CANCELLED], 'fresh_proof_required');

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function requestProof(): Promise<void> {
  // One question at a time: a second call waiting for proof is answered with the first.
  pending?.reject(proofCancelled());
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
  else current?.reject(proofCancelled());
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
