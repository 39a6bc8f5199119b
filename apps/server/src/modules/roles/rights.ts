import type { Principal } from '../../lib/principal';

/** What a role grants: permissions, and the instances they apply to. */
export interface Rights {
  permissions: readonly string[];
  allInstances: boolean;
  instances: readonly string[];
}

/**
 * A caller without a role holds nothing, on no instance. The super admin
 * (the account's owner) reaches every instance whatever their role says, as
 * the instances module's scope has it.
 */
export function rightsOf(p: Principal): Rights {
  return {
    permissions: p.permissions,
    allInstances: p.superAdmin || (p.role?.allInstances ?? false),
    instances: p.role?.instances ?? [],
  };
}

/** Every wanted permission is held. */
export function permissionsWithin(wanted: readonly string[], held: Rights): boolean {
  return wanted.every((p) => held.permissions.includes(p));
}

/** Every wanted instance is in the holder's scope; only an all-instances holder may grant all instances. */
export function scopeWithin(wanted: Pick<Rights, 'allInstances' | 'instances'>, held: Rights): boolean {
  if (held.allInstances) return true;
  if (wanted.allInstances) return false;
  return wanted.instances.every((id) => held.instances.includes(id));
}

/**
 * The escalation rule: nobody hands out (by invite, edit or role change) a
 * permission or an instance they do not hold themselves, nor acts on someone
 * or something that holds more than they do.
 */
export function rightsWithin(wanted: Rights, held: Rights): boolean {
  return permissionsWithin(wanted.permissions, held) && scopeWithin(wanted, held);
}

/**
 * The instances a caller may see rows of: 'all', or a list (possibly empty).
 * Rows tied to no instance (member and role events) are visible to every
 * holder of the screen's permission.
 */
export function instanceScopeOf(p: Principal): 'all' | readonly string[] {
  const rights = rightsOf(p);
  return rights.allInstances ? 'all' : rights.instances;
}
