import { SCIM_BASE_PATH, SCIM_MESSAGES, type ScimGroupMapping, type ScimProvisioning } from '@replay/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { hashScimToken, newScimToken } from '../../lib/scim-token';
import { lockRole } from '../roles/roles.service';
import { scimAdminRepo } from './scim-admin.repo';
import { scimGroupMappings, scimGroupsRepo } from './scim-groups.repo';
import { scimUsersRepo } from './scim-users.repo';
import type { Clock } from '../../lib/time';

/** An owner: the protected Owner role, or the super admin. A SCIM token creates members and gives roles, so only an owner hands one out. */
const isOwner = (p: Principal) => p.superAdmin || p.role?.protected === true;

type Mapping = { id: string; displayName: string; members: number; roleId: string | null; roleName: string | null };
const toMapping = (g: Mapping): ScimGroupMapping => ({ id: g.id, displayName: g.displayName, members: g.members, roleId: g.roleName === null ? null : g.roleId, roleName: g.roleName });

/**
 * The owner's side of SCIM: the token (created or rotated, shown once, stored as its digest,
 * revoked) and the role each SCIM group gives. Every call is recorded by the audit trail (its
 * endpoint's label); the token itself never is (the answer is not recorded, only the call).
 */
export function createScimAdminService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const repo = scimAdminRepo(deps.db);
  const baseUrl = `${deps.publicUrl.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;

  function assertOwner(p: Principal): void {
    if (!isOwner(p)) throw forbidden(SCIM_MESSAGES.ownerOnly);
  }

  const infoOf = (row: { createdAt: Date; lastUsedAt: Date | null; createdBy: string }) => ({
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    createdBy: row.createdBy,
  });

  return {
    baseUrl,
    assertOwner,

    async provisioning(p: Principal): Promise<ScimProvisioning> {
      assertOwner(p);
      const [token, groups] = await Promise.all([repo.live(p.tenantId), scimGroupMappings(deps.db, p.tenantId)]);
      return { baseUrl, token: token && infoOf(token), groups: groups.map(toMapping) };
    },

    /** A new token; the live one, if any, stops working in the same transaction (a rotation). */
    async createToken(p: Principal) {
      assertOwner(p);
      const token = newScimToken();
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await scimAdminRepo(tx).revokeLive(p.tenantId, now);
        await scimAdminRepo(tx).insert({ id: newId(), tenantId: p.tenantId, tokenHash: hashScimToken(token), createdBy: p.userId, createdAt: now });
      });
      return { token, info: { createdAt: now.getTime(), lastUsedAt: null, createdBy: p.name } };
    },

    async revokeToken(p: Principal): Promise<void> {
      assertOwner(p);
      if (!(await repo.revokeLive(p.tenantId, deps.clock.now()))) throw notFound(SCIM_MESSAGES.tokenNotFound);
    },

    /** The group's role (or none); its members' roles follow at once (the role rule of scimUsersRepo). */
    async mapGroup(p: Principal, groupId: string, roleId: string | null): Promise<ScimGroupMapping> {
      assertOwner(p);
      const groups = scimGroupsRepo(deps.db);
      if (!(await groups.find(p.tenantId, groupId))) throw notFound(SCIM_MESSAGES.groupNotFound);
      await deps.db.transaction(async (tx) => {
        if (roleId) {
          const role = await lockRole(tx, p.tenantId, roleId);
          if (!role) throw notFound(SCIM_MESSAGES.roleNotFound);
          if (role.protected) throw forbidden(SCIM_MESSAGES.notOwnerRole);
        }
        await scimGroupsRepo(tx).update(p.tenantId, groupId, { roleId, updatedAt: deps.clock.now() });
        await scimUsersRepo(tx).applyGroupRoles(p.tenantId, await scimGroupsRepo(tx).memberIds(groupId));
      });
      const mapping = (await scimGroupMappings(deps.db, p.tenantId)).find((g) => g.id === groupId)!;
      return toMapping(mapping);
    },
  };
}

export type ScimAdminService = ReturnType<typeof createScimAdminService>;
