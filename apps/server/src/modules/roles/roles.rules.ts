import { ROLE_MESSAGES, type RoleInput } from '@replay/contracts';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { rightsOf, rightsWithin, permissionsWithin, scopeWithin } from './rights.door';
import type { RoleRow, RolesRepo } from './roles.repo';

/** The input after the contract's defaults and normalisation. */
export type RoleCommand = Required<Omit<RoleInput, 'permissions'>> & { permissions: string[] };

/** Protected roles are fixed, and nobody changes a role that holds more than they do. */
export function assertMayChange(p: Principal, row: RoleRow): void {
  if (row.protected) throw forbidden(ROLE_MESSAGES.protectedRole);
  if (!rightsWithin(row, rightsOf(p))) throw forbidden(ROLE_MESSAGES.roleAboveActor);
}

/** The rights a role would grant must be the caller's own, and its instances the account's. */
export async function assertMayGrant(repo: Pick<RolesRepo, 'existingInstances'>, p: Principal, cmd: RoleCommand): Promise<void> {
  const held = rightsOf(p);
  if (!permissionsWithin(cmd.permissions, held)) throw forbidden(ROLE_MESSAGES.permissionsAboveActor);
  if (!scopeWithin(cmd, held)) throw forbidden(ROLE_MESSAGES.scopeAboveActor);
  if (!cmd.allInstances && cmd.instances.length) {
    // Another account's instance is as unknown as one that never existed.
    const known = await repo.existingInstances(p.tenantId, cmd.instances);
    if (cmd.instances.some((id) => !known.has(id))) throw badRequest(ROLE_MESSAGES.unknownInstances);
  }
}

/** With all instances the list means nothing, so it is stored empty; duplicates go. */
export const normalised = (cmd: RoleCommand) => ({
  name: cmd.name,
  description: cmd.description,
  permissions: cmd.permissions,
  allInstances: cmd.allInstances,
  instances: cmd.allInstances ? [] : [...new Set(cmd.instances)],
});

export async function nameConflictOr<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    // Two saves of one name at once: the unique index decides.
    if (isUniqueViolation(e)) throw conflict(ROLE_MESSAGES.nameTaken);
    throw e;
  }
}
