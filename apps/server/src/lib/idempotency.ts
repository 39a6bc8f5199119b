import { and, eq, lt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { AppError } from './errors';
import type { Principal } from './principal';
import { deriveSealKey, openSealed, seal, type SealKey } from './seal';

/**
 * Idempotency-Key on every create (docs/API.md), once for all of them: mount() runs a create's
 * handler through `idempotently` when the request carries the header.
 *
 * The key is claimed first (a row with the request's digest and no answer); the handler runs;
 * its answer is stored in the row, sealed (it may hold a secret shown once: an API key's). A repeat of the same request finds the answer and gets it
 * again, creating nothing; a different request under the key gets 422; a repeat while the first
 * still runs gets 409 (try again shortly). A handler that fails gives the key back, so a retry
 * is judged afresh. Keys are scoped to the account, the caller and the operation, and live a day.
 *
 * Instance creation keeps its own, stronger form (the key claimed in the instance's own
 * transaction: a concurrent repeat waits for the first instead of hearing 409).
 */

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  mismatch: 'This Idempotency-Key was used for a different request in the last 24 hours. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still running. Try again in a moment.',
} as const;

export interface IdempotentScope {
  tenantId: string;
  caller: string;
  operation: string;
  key: string;
}

/** The key that seals stored answers (they may hold a secret shown once). */
export const idempotencySealKey = (secret: Uint8Array): SealKey => deriveSealKey(secret, 'idempotent-answers-v1');

/** A sealed answer opens only on its own row. */
const bindingOf = (s: IdempotentScope) => `idempotent:${s.tenantId}:${s.caller}:${s.operation}:${s.key}`;

export function scopeOf(principal: Principal, operation: string, key: string): IdempotentScope {
  const caller = principal.apiKey ? `key:${principal.apiKey.id}` : `user:${principal.userId}`;
  return { tenantId: principal.tenantId, caller, operation, key };
}

/** Canonical JSON (object keys sorted at every depth), so the same request always has the same digest. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestDigest(request: { params?: unknown; query?: unknown; body?: unknown }): string {
  return createHash('sha256')
    .update(canonical({ params: request.params ?? {}, query: request.query ?? {}, body: request.body ?? null }))
    .digest('hex');
}

const matches = (s: IdempotentScope) =>
  and(eq(idempotentRequests.tenantId, s.tenantId), eq(idempotentRequests.caller, s.caller), eq(idempotentRequests.operation, s.operation), eq(idempotentRequests.key, s.key));

export type Idempotent<T> = { replayed: false; data: T } | { replayed: true; status: number; data: unknown };

/** Runs `create` at most once per scope and digest; see the module's comment. */
export async function idempotently<T>(store: { db: Db; sealKey: SealKey }, scope: IdempotentScope, digest: string, now: Date, status: number, create: () => Promise<T>): Promise<Idempotent<T>> {
  const { db, sealKey } = store;
  // A day-old key is forgotten even before the health round deletes it.
  await db.delete(idempotentRequests).where(and(matches(scope), lt(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await db
    .insert(idempotentRequests)
    .values({ ...scope, requestHash: digest, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (!claimed.length) {
    const [stored] = await db.select().from(idempotentRequests).where(matches(scope)).limit(1);
    if (!stored || stored.requestHash !== digest) throw new AppError('idempotency_mismatch', [IDEMPOTENCY_MESSAGES.mismatch]);
    const opened = stored.status === 0 || !stored.responseSealed ? null : openSealed(sealKey, stored.responseSealed, bindingOf(scope));
    // Still running; or sealed under a secret since rotated, which no answer can be made of: as good as running, until the day is out.
    if (opened === null) throw new AppError('conflict', [IDEMPOTENCY_MESSAGES.running]);
    return { replayed: true, status: stored.status, data: JSON.parse(opened) as unknown };
  }
  let data: T;
  try {
    data = await create();
  } catch (err) {
    await db.delete(idempotentRequests).where(matches(scope));
    throw err;
  }
  // As JSON: what a replay answers is what the first answer's JSON held.
  await db
    .update(idempotentRequests)
    .set({ status, responseSealed: seal(sealKey, JSON.stringify(data ?? null), bindingOf(scope)) })
    .where(matches(scope));
  return { replayed: false, data };
}

/** Forgets the keys older than `before` (the health round, daily). */
export async function purgeIdempotentRequests(db: Db, before: Date): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, before));
}
