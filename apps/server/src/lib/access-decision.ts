import { hasAnyPermission, type AccessDecision, type Endpoint } from '@replay/contracts';
import { inScope, instanceScopeOf } from './instance-scope';
import type { Principal } from './principal';

/** What of an endpoint the decision reads: its guard and its two exceptions. */
export type GuardedCall = Pick<Endpoint, 'guard' | 'peopleOnly' | 'duringPasswordChange' | 'duringMfaEnrolment'>;

const ALLOWED: AccessDecision = { allowed: true, reason: 'allowed', needsAnyOf: [] };
const refused = (reason: AccessDecision['reason'], needsAnyOf: AccessDecision['needsAnyOf'] = []): AccessDecision => ({ allowed: false, reason, needsAnyOf });

/** Whether API keys may reach a call at all: not a person's own ('authenticated'), not one for people only. */
export const openToKeys = (call: GuardedCall): boolean => call.guard !== 'authenticated' && call.guard !== 'operator' && call.guard !== 'scim' && !call.peopleOnly;

/**
 * The one decision of who may make a call, used by the guard on every request and by
 * the permission viewer, so the two cannot disagree. In the guard's order: a key on a
 * call for people only, a caller who must change their password first, the route's
 * permissions; then, for a call about one instance (`instanceId`), the caller's
 * instance scope (the live route answers an instance outside it 404, as absent).
 * No caller at all (not joined, a dead key) is the caller of nothing.
 */
export function decideAccess(principal: Principal | null, call: GuardedCall, instanceId?: string): AccessDecision {
  if (!principal) return call.guard === 'public' ? ALLOWED : refused('no_caller');
  // An operator is no principal (plugins/guard.ts checks the operator token itself): a member or key never is one.
  if (call.guard === 'operator') return refused('operator_only');
  // A SCIM call is the identity provider's, with the account's SCIM token (plugins/guard-scim.ts): never a member's or key's.
  if (call.guard === 'scim') return refused('scim_only');
  if (principal.apiKey && !openToKeys(call)) return refused('people_only');
  if (principal.passwordChangeRequired && !call.duringPasswordChange) return refused('password_change_required');
  if (principal.mfaEnrolmentRequired && !call.duringMfaEnrolment) return refused('mfa_enrolment_required');
  if (call.guard !== 'public' && call.guard !== 'authenticated' && !hasAnyPermission(principal.permissions, call.guard.anyOf)) return refused('missing_permission', [...call.guard.anyOf]);
  if (instanceId !== undefined && !inScope(instanceScopeOf(principal), instanceId)) return refused('outside_scope');
  return ALLOWED;
}
