import type { Principal } from '../../lib/principal';

/**
 * Which instances a caller may see and act on: always one account, and within
 * it every instance or only those the caller's role names (spec section 6:
 * roles apply to all instances or chosen ones). An id outside the scope is
 * treated as absent (404), never as forbidden, so ids do not leak.
 */
export interface InstanceScope {
  tenantId: string;
  /** null: every instance of the account. */
  ids: readonly string[] | null;
}

export function scopeOf(p: Principal): InstanceScope {
  // The account's super admin (its owner) always sees everything, whatever their role says.
  if (p.superAdmin || !p.role || p.role.allInstances) return { tenantId: p.tenantId, ids: null };
  return { tenantId: p.tenantId, ids: p.role.instances };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Instance ids are UUIDs; anything else cannot name one, and must not reach a uuid cast in SQL. */
export const isInstanceId = (id: string): boolean => UUID.test(id);

export function inScope(scope: InstanceScope, instanceId: string): boolean {
  return isInstanceId(instanceId) && (scope.ids === null || scope.ids.includes(instanceId));
}
