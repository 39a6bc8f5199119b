import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';

/** What a role grants: permissions, and the instances they apply to. */
export interface Rights {
  permissions: readonly string[];
  allInstances: boolean;
  instances: readonly string[];
}

/** What a caller holds: their permissions, on the instances their scope reaches (lib/instance-scope.ts, the one rule). */
export function rightsOf(p: Principal): Rights {
  const { ids } = instanceScopeOf(p);
  return { permissions: p.permissions, allInstances: ids === null, instances: ids ?? [] };
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
