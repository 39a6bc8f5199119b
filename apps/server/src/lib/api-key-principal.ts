import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_KEY_PREFIX, PERMISSIONS } from '@replay/contracts';
import type { Db } from '../db/client';
import { apiKeys, roles, users } from '../db/schema';
import { PRINCIPAL_WIDTH, principalColumns, principalOfRow, principalRowOfValues, type Principal, type PrincipalRow } from './principal';

/** 256 random bits behind a recognizable prefix (secret scanners, and the guard, tell a key by it). */
export const newApiKeySecret = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** A well-formed key secret: the prefix and 43 base64url characters. */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/**
 * SHA-256 of the secret: the secret is 256 random bits, so a fast hash is as strong as a
 * slow one (nothing to guess), and it keeps a key's check to one lookup by digest.
 */
export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** A malformed secret is refused without touching the database. */
export const isWellFormedApiKey = (token: string): boolean => SECRET_PATTERN.test(token);

/** The digests compared in constant time: the database found the row by digest, and this re-checks the match without a timing signal. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The creator's own role, beside the key's: a key never holds more than its creator does now. */
const creatorRole = alias(roles, 'creator_role');

const keyColumns = {
  key: {
    id: apiKeys.id,
    name: apiKeys.name,
    ipAccessList: apiKeys.ipAccessList,
    lastUsedAt: sql<number | null>`(date_part('epoch', ${apiKeys.lastUsedAt}) * 1000)::float8`,
    lastUsedAddress: apiKeys.lastUsedAddress,
    /** Which digest matched (the current or the previous secret's), for the constant-time re-check. */
    matched: sql<string>`case when ${apiKeys.secretHash} = ${sql.placeholder('keyHash')} then ${apiKeys.secretHash} else ${apiKeys.previousSecretHash} end`,
  },
  creator: {
    permissions: creatorRole.permissions,
    allInstances: creatorRole.allInstances,
    instances: creatorRole.instances,
  },
};
const KEY_KEYS = Object.keys(keyColumns.key);
const CREATOR_KEYS = Object.keys(keyColumns.creator);
/** How many values a key principal row starts with; the extra columns follow. */
export const KEY_PRINCIPAL_WIDTH = PRINCIPAL_WIDTH + KEY_KEYS.length + CREATOR_KEYS.length;

const now = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * The caller of a key (placeholders `keyHash`, `now`): the creator's row with the key's
 * role in place of theirs, the key, and the creator's own role. No row when the key is
 * unknown, revoked, expired, its previous secret's overlap is over, or its creator has
 * left: all checked in this one statement, so revocation reaches every process at once.
 */
export function selectKeyPrincipal<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  const hash = sql.placeholder('keyHash');
  return selectLiveKeys(db, extra, or(eq(apiKeys.secretHash, hash), and(eq(apiKeys.previousSecretHash, hash), gt(apiKeys.previousValidUntil, now)))).limit(1);
}

/** The live keys (not revoked, not expired, creator still a member) matching `which`, as callers. */
function selectLiveKeys<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra, which: SQL | undefined) {
  return db
    .select({ ...principalColumns, ...keyColumns, ...extra })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.tenantId, apiKeys.tenantId)))
    .leftJoin(roles, and(eq(roles.id, apiKeys.roleId), isNull(roles.deletedAt)))
    .leftJoin(creatorRole, and(eq(creatorRole.id, users.roleId), isNull(creatorRole.deletedAt)))
    .where(and(which, isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now), isNull(users.deletedAt)));
}

/**
 * The account's live keys as the guard would see them calling (one key when `keyId` is
 * given), for the permission viewer: the same statement and rule as a key's request,
 * found by id instead of by digest.
 */
export async function loadAccountKeyCallers(db: Db, tenantId: string, at: Date, keyId?: string): Promise<Principal[]> {
  const which = and(eq(apiKeys.tenantId, tenantId), keyId === undefined ? undefined : eq(apiKeys.id, keyId));
  const rows = (await selectLiveKeys(db, {}, which)
    .prepare(keyId === undefined ? 'load_account_key_callers' : 'load_account_key_caller')
    .execute({ keyHash: '', now: at.toISOString() })) as KeyRow[];
  return rows.flatMap((row) => principalOfLiveKey(row) ?? []);
}

type KeyRow = PrincipalRow & {
  key: { id: string; name: string; ipAccessList: string[]; lastUsedAt: number | null; lastUsedAddress: string | null; matched: string };
  creator: { permissions: string[]; allInstances: boolean; instances: string[] } | null;
};

/** A key principal row read as an array (the instances list's statement), in the ORM's shape. */
export function keyRowOfValues(values: unknown[]): KeyRow {
  const pick = (keys: string[], from: number) => Object.fromEntries(keys.map((k, i) => [k, values[from + i]]));
  const creatorFrom = PRINCIPAL_WIDTH + KEY_KEYS.length;
  const creator = values[creatorFrom] === null ? null : (pick(CREATOR_KEYS, creatorFrom) as KeyRow['creator']);
  return { ...principalRowOfValues(values), key: pick(KEY_KEYS, PRINCIPAL_WIDTH) as KeyRow['key'], creator };
}

/**
 * The key as a caller: the permissions its role grants that its creator still holds, on
 * the instances both reach; never an admin, never a person's session. Null for no row, a
 * creator who never joined, or a digest that does not match after all.
 */
export function principalOfKeyRow(row: KeyRow | undefined, keyHash: string): Principal | null {
  if (!row || !sameDigest(row.key.matched ?? '', keyHash)) return null;
  return principalOfLiveKey(row);
}

/** A live key's row as its caller: the rule of principalOfKeyRow, past the digest check. */
function principalOfLiveKey(row: KeyRow): Principal | null {
  const person = principalOfRow({ user: row.user, role: row.role }, null);
  if (!person || !row.role) return person && { ...person, ...asKey(row), permissions: [], role: null };
  const creatorHolds = new Set(row.creator?.permissions ?? []);
  const creatorAll = row.user.superAdmin || (row.creator?.allInstances ?? false);
  const creatorInstances = new Set(row.creator?.instances ?? []);
  const allInstances = row.role.allInstances && creatorAll;
  const instances = allInstances ? [] : (row.role.allInstances ? [...creatorInstances] : row.role.instances).filter((id) => creatorAll || creatorInstances.has(id));
  return {
    ...person,
    ...asKey(row),
    permissions: PERMISSIONS.filter((p) => person.permissions.includes(p) && creatorHolds.has(p)),
    role: { id: row.role.id, name: row.role.name, allInstances, instances, protected: false },
  };
}

function asKey(row: KeyRow): Pick<Principal, 'name' | 'email' | 'admin' | 'superAdmin' | 'passwordChangeRequired' | 'mfaEnrolmentRequired' | 'apiKey'> {
  const { id, name, ipAccessList, lastUsedAt, lastUsedAddress } = row.key;
  return {
    name: apiKeyActorName(name),
    email: '',
    admin: false,
    superAdmin: false,
    passwordChangeRequired: false,
    mfaEnrolmentRequired: false,
    apiKey: { id, name, ipAccessList, lastUsedAt: lastUsedAt === null ? null : Math.floor(lastUsedAt), lastUsedAddress },
  };
}

/** How the activity log and the audit trail name a key: never as its creator. */
export const apiKeyActorName = (keyName: string): string => `API key “${keyName}”`;

const prepareKeyCaller = (db: Db) => selectKeyPrincipal(db, {}).prepare('load_key_caller');
const keyCallers = new WeakMap<Db, ReturnType<typeof prepareKeyCaller>>();

/** The caller of a key secret; null once the key is unknown, revoked or expired. */
export async function loadKeyCaller(db: Db, keyHash: string, at: Date): Promise<Principal | null> {
  let statement = keyCallers.get(db);
  if (!statement) keyCallers.set(db, (statement = prepareKeyCaller(db)));
  const [row] = await statement.execute({ keyHash, now: at.toISOString() });
  return principalOfKeyRow(row as KeyRow | undefined, keyHash);
}

/** Writes down a key's last use; never moves it back (two processes may write out of order). */
export async function recordKeyUse(db: Db, keyId: string, at: Date, address: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at, lastUsedAddress: address })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} <= ${at.toISOString()}::timestamptz`)));
}
