import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SCIM_TOKEN_PREFIX } from '@replay/contracts';
import type { Db } from '../db/client';
import { scimTokens } from '../db/schema';

/** 256 random bits behind a recognizable prefix (secret scanners tell a SCIM token by it). */
export const newScimToken = (): string => `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
const TOKEN_PATTERN = new RegExp(`^${SCIM_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** SHA-256 of the token: 256 random bits leave nothing to guess, so a fast digest is as strong as a slow one. */
export const hashScimToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Who a SCIM call acts for: the account, and the token (for its last use). */
export interface ScimCaller {
  tenantId: string;
  tokenId: string;
}

/** A last use is written at most once a minute per token: the screen shows minutes, not requests. */
const LAST_USE_STEP_MS = 60_000;

/**
 * The account of a live SCIM token, found by digest with `revoked_at is null` in the
 * statement: a revoked (or rotated) token's next call is refused on every process. A
 * malformed token is refused without a query.
 */
export async function loadScimCaller(db: Db, token: string, now: Date): Promise<ScimCaller | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ tenantId: scimTokens.tenantId, tokenId: scimTokens.id, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, hashScimToken(token)), isNull(scimTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_STEP_MS) {
    const stale = new Date(now.getTime() - LAST_USE_STEP_MS);
    await db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(scimTokens.id, row.tokenId), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, stale))));
  }
  return { tenantId: row.tenantId, tokenId: row.tokenId };
}
