import { isUuid } from '@replay/contracts';
import type { Principal } from './principal';

/**
 * Which instances a caller may see and act on: always one account, and within
 * it every instance or only those the caller's role names (spec section 6:
 * roles apply to all instances or chosen ones). The instances module filters
 * its rows by it, the Activity screen and the audit trail their entries, and
 * the escalation rule (roles/rights.ts) judges grants by it: one rule for all.
 * An instance outside the scope is treated as absent (404), never as
 * forbidden, so ids do not leak.
 */
export interface InstanceScope {
  tenantId: string;
  /** null: every instance of the account. */
  ids: readonly string[] | null;
}

/**
 * The account's super admin (its owner) reaches every instance whatever their
 * role says. Everyone else reaches what their role grants; a member without
 * a role (the spec gives every member one, so only a row damaged outside the
 * console has none) reaches no instance, as they hold no permission either.
 */
export function instanceScopeOf(p: Principal): InstanceScope {
  if (p.superAdmin || p.role?.allInstances) return { tenantId: p.tenantId, ids: null };
  return { tenantId: p.tenantId, ids: p.role?.instances ?? [] };
}

/** Whether the scope reaches this instance id; anything but a UUID names no instance (and must not reach a uuid cast in SQL). */
export function inScope(scope: InstanceScope, instanceId: string): boolean {
  return isUuid(instanceId) && (scope.ids === null || scope.ids.includes(instanceId));
}
