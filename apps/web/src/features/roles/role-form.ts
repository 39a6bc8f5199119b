import { roleInputSchema, type Account, type Permission, type Role, type RoleInput } from '@replay/contracts';
import { validate, type FieldErrors } from '../../lib/form';

/** The nine permissions in the form's groups, one group per console area. */
export const PERMISSION_GROUPS: readonly { label: string; permissions: readonly Permission[] }[] = [
  { label: 'Instances', permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'] },
  { label: 'Activity', permissions: ['VIEW_ACTIVITY'] },
  { label: 'Team', permissions: ['VIEW_MEMBERS', 'EDIT_MEMBERS'] },
  { label: 'Roles', permissions: ['VIEW_ROLES', 'EDIT_ROLES'] },
  { label: 'Billing', permissions: ['VIEW_BILLING', 'EDIT_BILLING'] },
];

export interface RoleDraft {
  name: string;
  description: string;
  permissions: Permission[];
  allInstances: boolean;
  instances: string[];
}

export function roleDraftOf(role: Role | null): RoleDraft {
  return role
    ? {
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
        allInstances: role.allInstances,
        instances: [...role.instances],
      }
    : // 'All instances' is the default scope of a new role (spec section 3).
      { name: '', description: '', permissions: [], allInstances: true, instances: [] };
}

/** Checked with the contracts' role schema, as the server checks it. */
export function checkRoleDraft(draft: RoleDraft): { input: RoleInput | null; errors: FieldErrors } {
  const body = { ...draft, instances: draft.allInstances ? [] : draft.instances };
  const result = validate(roleInputSchema, body);
  return result.data ? { input: result.data, errors: {} } : { input: null, errors: result.errors };
}

/**
 * Why a role is shown read-only, or null when it may be edited: protected
 * roles never change, and changing roles takes EDIT_ROLES.
 */
export function roleReadOnlyReason(role: Role | null, actor: Pick<Account, 'permissions'>): string | null {
  if (role?.protected) return 'This role is protected: it cannot be edited or deleted.';
  if (!actor.permissions.includes('EDIT_ROLES')) return 'You can view this role, but changing roles needs the Manage roles permission.';
  return null;
}
