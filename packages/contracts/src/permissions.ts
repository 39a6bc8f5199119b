import { z } from 'zod';

/** The nine permissions of spec section 3; a role grants any subset of them. */
export const PERMISSIONS = ['VIEW_BILLING', 'EDIT_BILLING', 'VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY', 'VIEW_ROLES', 'EDIT_ROLES', 'VIEW_MEMBERS', 'EDIT_MEMBERS'] as const;

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/**
 * Who may call a route: anyone, any signed-in user, a signed-in user holding
 * at least one of the listed permissions, or an operator of the console (the
 * people who run it, with its OPERATOR_TOKEN: never a member's session or key), or an
 * account's identity provider with the account's SCIM token (scim.ts: never a member's
 * session or key either). Every server route declares one.
 */
export type Guard = 'public' | 'authenticated' | 'operator' | 'scim' | { anyOf: readonly Permission[] };

export const OWNER_ROLE_NAME = 'Owner';

export function hasAnyPermission(held: readonly string[], wanted: readonly Permission[]): boolean {
  return wanted.some((p) => held.includes(p));
}
