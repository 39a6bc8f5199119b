import { ROLE_MESSAGES, type Role } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { emitEvent } from '../../events/emit';
import { rolesRepo, type RoleRow } from './roles.repo';
import { assertMayChange, assertMayGrant, nameConflictOr, normalised, type RoleCommand } from './roles.rules';
import type { Clock } from '../../lib/time';

export type { RoleCommand } from './roles.rules';

export function toRole(row: RoleRow): Role {
  return {
    roleId: row.id,
    name: row.name,
    description: row.description,
    allInstances: row.allInstances,
    instances: row.instances,
    permissions: row.permissions as Role['permissions'],
    protected: row.protected,
    tenantId: row.tenantId,
    createdAt: row.createdAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
    memberCount: row.memberCount,
  };
}

/**
 * The account's live role, locked until the caller's transaction commits (so it
 * cannot be deleted under a change that assigns it). Other modules use this, not the repo.
 */
export function lockRole(db: Db, tenantId: string, roleId: string) {
  return rolesRepo(db).lock(tenantId, roleId);
}

export function createRolesService(deps: { db: Db; clock: Clock }) {
  const repo = rolesRepo(deps.db);

  const actor = (p: Principal) => ({ userId: p.userId, name: p.name });

  async function mustFind(p: Principal, roleId: string): Promise<RoleRow> {
    const row = await repo.find(p.tenantId, roleId);
    if (!row) throw notFound(ROLE_MESSAGES.notFound);
    return row;
  }

  return {
    async list(p: Principal): Promise<Role[]> {
      return (await repo.list(p.tenantId)).map(toRole);
    },

    async get(p: Principal, roleId: string): Promise<Role> {
      return toRole(await mustFind(p, roleId));
    },

    async create(p: Principal, cmd: RoleCommand): Promise<Role> {
      await assertMayGrant(repo, p, cmd);
      if (await repo.nameTaken(p.tenantId, cmd.name)) throw conflict(ROLE_MESSAGES.nameTaken);
      const id = newId();
      const now = deps.clock.now();
      await nameConflictOr(() =>
        deps.db.transaction(async (tx) => {
          await rolesRepo(tx).insert({ id, tenantId: p.tenantId, ...normalised(cmd), protected: false, createdAt: now });
          await emitEvent(tx, { type: 'role.created', tenantId: p.tenantId, actor: actor(p), at: now.getTime(), role: { id, name: cmd.name } });
        }),
      );
      return toRole(await mustFind(p, id));
    },

    async update(p: Principal, roleId: string, cmd: RoleCommand): Promise<Role> {
      const row = await mustFind(p, roleId);
      assertMayChange(p, row);
      await assertMayGrant(repo, p, cmd);
      if (await repo.nameTaken(p.tenantId, cmd.name, roleId)) throw conflict(ROLE_MESSAGES.nameTaken);
      const now = deps.clock.now();
      await nameConflictOr(() =>
        deps.db.transaction(async (tx) => {
          await rolesRepo(tx).update(p.tenantId, roleId, normalised(cmd));
          await emitEvent(tx, {
            type: 'role.updated',
            tenantId: p.tenantId,
            actor: actor(p),
            at: now.getTime(),
            role: { id: roleId, name: cmd.name },
            previousName: row.name,
          });
        }),
      );
      return toRole(await mustFind(p, roleId));
    },

    /**
     * A role still held by anyone (a pending invite counts) cannot go: those
     * members would be left with no rights they could see or fix.
     */
    async remove(p: Principal, roleId: string): Promise<void> {
      const row = await mustFind(p, roleId);
      assertMayChange(p, row);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const roles = rolesRepo(tx);
        // Locked, then counted: an invite assigning this role waits for us, or we for it.
        if (!(await roles.lock(p.tenantId, roleId))) throw notFound(ROLE_MESSAGES.notFound);
        if ((await roles.countMembers(p.tenantId, roleId)) > 0) throw conflict(ROLE_MESSAGES.assigned);
        await roles.softDelete(p.tenantId, roleId, now);
        await emitEvent(tx, { type: 'role.deleted', tenantId: p.tenantId, actor: actor(p), at: now.getTime(), role: { id: roleId, name: row.name } });
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
