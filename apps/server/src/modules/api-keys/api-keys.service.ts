import { API_KEY_MESSAGES, API_KEY_ROTATION_OVERLAP_MS, apiKeyExpiryProblem, type ApiKey, type ApiKeyWithSecret, type CreateApiKeyCommand } from '@replay/contracts';
import type { Db } from '../../db/client';
import { hashApiKeySecret, newApiKeySecret } from '../../lib/api-key-principal';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { rightsOf, rightsWithin, type Rights } from '../roles/rights.door';
import { lockRole } from '../roles/roles.service';
import { apiKeysRepo, type ListedKeyRow } from './api-keys.repo';
import type { Clock } from '../../lib/time';

function statusOf(row: ListedKeyRow['key'], now: Date): ApiKey['status'] {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function toApiKey(row: ListedKeyRow, now: Date): ApiKey {
  const { key } = row;
  const overlap = key.previousValidUntil && key.previousValidUntil.getTime() > now.getTime() && !key.revokedAt ? key.previousValidUntil.getTime() : null;
  return {
    keyId: key.id,
    name: key.name,
    roleId: key.roleId,
    roleName: row.roleName,
    status: statusOf(key, now),
    expiresAt: key.expiresAt.getTime(),
    ipAccessList: key.ipAccessList,
    createdAt: key.createdAt.getTime(),
    createdBy: row.createdByName,
    createdById: key.createdBy,
    lastUsedAt: key.lastUsedAt?.getTime() ?? null,
    lastUsedAddress: key.lastUsedAddress,
    previousSecretValidUntil: overlap,
    revokedAt: key.revokedAt?.getTime() ?? null,
  };
}

/** What a key's role grants (a deleted role grants nothing). */
const rightsOfKey = (row: ListedKeyRow): Rights => ({
  permissions: row.rolePermissions ?? [],
  allInstances: row.roleAllInstances ?? false,
  instances: row.roleInstances ?? [],
});

/**
 * A removed member's keys stop at their removal (called in its transaction). The key's
 * caller read already refuses a key whose creator left; revoking says so in the list too.
 */
export async function revokeKeysCreatedBy(db: Db, tenantId: string, userId: string, at: Date): Promise<void> {
  await apiKeysRepo(db).revokeCreatedBy(tenantId, userId, at);
}

/**
 * API keys (issue 18). A key holds a role of the account; nobody gives a key a role
 * holding more than they do (the escalation rule of roles/rights.ts), nor revokes one
 * that does. Only its creator rotates a key (issue 42): the secret's holder is then always
 * the person whose membership the key hangs on, so a removed member holds no working
 * secret. At use, a key holds at most what its creator still holds
 * (lib/api-key-principal.ts). Changes are recorded by the audit trail (their endpoints).
 */
export function createApiKeysService(deps: { db: Db; clock: Clock }) {
  const repo = apiKeysRepo(deps.db);

  async function mustFindActable(p: Principal, keyId: string): Promise<ListedKeyRow> {
    const row = await repo.find(p.tenantId, keyId);
    if (!row) throw notFound(API_KEY_MESSAGES.notFound);
    if (!rightsWithin(rightsOfKey(row), rightsOf(p))) throw forbidden(API_KEY_MESSAGES.keyAboveCaller);
    return row;
  }

  return {
    async list(p: Principal): Promise<{ keys: ApiKey[] }> {
      const now = deps.clock.now();
      return { keys: (await repo.list(p.tenantId)).map((row) => toApiKey(row, now)) };
    },

    async create(p: Principal, cmd: CreateApiKeyCommand): Promise<ApiKeyWithSecret> {
      const now = deps.clock.now();
      const problem = apiKeyExpiryProblem(cmd.expiresAt, now.getTime());
      if (problem) throw badRequest(problem);
      const secret = newApiKeySecret();
      const id = newId();
      await deps.db.transaction(async (tx) => {
        // Locked, so the role cannot be deleted or widened under the key being made.
        const role = await lockRole(tx, p.tenantId, cmd.roleId);
        if (!role) throw notFound(API_KEY_MESSAGES.roleNotFound);
        if (!rightsWithin(role, rightsOf(p))) throw forbidden(API_KEY_MESSAGES.roleAboveCreator);
        await apiKeysRepo(tx).insert({
          id,
          tenantId: p.tenantId,
          name: cmd.name,
          roleId: role.id,
          createdBy: p.userId,
          secretHash: hashApiKeySecret(secret),
          expiresAt: new Date(cmd.expiresAt),
          ipAccessList: cmd.ipAccessList,
          createdAt: now,
        });
      });
      return { key: toApiKey((await repo.find(p.tenantId, id))!, now), secret };
    },

    /** A new secret; the previous one keeps working for API_KEY_ROTATION_OVERLAP_MS (one before it stops at once). */
    async rotate(p: Principal, keyId: string): Promise<ApiKeyWithSecret> {
      const now = deps.clock.now();
      const row = await mustFindActable(p, keyId);
      if (row.key.createdBy !== p.userId) throw forbidden(API_KEY_MESSAGES.rotateOwnOnly);
      if (statusOf(row.key, now) !== 'active') throw conflict(API_KEY_MESSAGES.notActive);
      const secret = newApiKeySecret();
      const rotated = await repo.rotate(p.tenantId, keyId, row.key.secretHash, {
        secretHash: hashApiKeySecret(secret),
        previousValidUntil: new Date(Math.min(now.getTime() + API_KEY_ROTATION_OVERLAP_MS, row.key.expiresAt.getTime())),
      });
      // Revoked or rotated by someone else meanwhile.
      if (!rotated) throw conflict(API_KEY_MESSAGES.notActive);
      return { key: toApiKey((await repo.find(p.tenantId, keyId))!, now), secret };
    },

    /** Revoked at once: the principal read of every console process refuses it from its next request. */
    async revoke(p: Principal, keyId: string): Promise<{ ok: true }> {
      await mustFindActable(p, keyId);
      await repo.revoke(p.tenantId, keyId, deps.clock.now());
      return { ok: true };
    },
  };
}
