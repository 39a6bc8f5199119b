import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { PERMISSIONS, permissionSchema, type Permission } from './permissions';
import { safeText, safeUuid, uuidParamsSchema } from './safe';
import { MESSAGES } from './validation';

/** Roles (spec sections 3 'Role', 5 'Role', 6, 7 'Members and roles', 8 'Role calls'). */

export const ROLE_MESSAGES = {
  // Section 8, word for word: the web shows these (with the status text where the spec says so).
  fetchRolesFailed: 'Error fetching roles',
  fetchRoleFailed: 'Error fetching role',
  createFailed: 'Error creating role',
  updateFailed: 'Error updating role',
  deleteFailed: 'Error deleting role',
  idRequired: 'Role ID is required for updates',
  saveUpdateFailed: 'Failed to update the role. Please try again',
  saveAddFailed: 'Failed to add the role. Please try again',
  updated: 'Role updated successfully',
  added: 'New role added successfully',
  // The server's first error for a refused call.
  notFound: 'Role not found.',
  nameTaken: 'A role with this name already exists.',
  protectedRole: 'Protected roles cannot be edited or deleted.',
  assigned: 'This role is assigned to team members: reassign them first.',
  permissionsAboveActor: 'You cannot grant permissions you do not hold yourself.',
  scopeAboveActor: 'You cannot grant access to instances outside your own scope.',
  roleAboveActor: 'You cannot change a role with more rights than your own.',
  unknownInstances: 'Some of the selected instances do not exist.',
} as const;

/** /client/roles/{id}. */
export const roleIdParamsSchema = uuidParamsSchema(ROLE_MESSAGES.notFound);

export const roleNameSchema = safeText(TEXT_LIMITS.roleName).min(1, MESSAGES.required);

/**
 * PUT /client/roles (create) and POST /client/roles/{id} (update). With
 * allInstances the instance list is ignored (stored empty).
 */
export const roleInputSchema = z
  .strictObject({
    name: roleNameSchema,
    description: safeText(TEXT_LIMITS.textarea).default(''),
    permissions: z
      .array(permissionSchema)
      .max(PERMISSIONS.length * 2)
      .default([])
      // Stored once each, in catalogue order, whatever order the form sends.
      .transform((list) => PERMISSIONS.filter((p) => list.includes(p))),
    allInstances: z.boolean().default(true),
    instances: z.array(safeUuid('Unknown instance.')).max(1000).default([]),
  })
  .meta({ examples: [{ name: 'Support', description: 'Reads instances', permissions: ['VIEW_INSTANCES'], allInstances: true, instances: [] }] });
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  roleId: z.string(),
  name: z.string(),
  description: z.string(),
  allInstances: z.boolean(),
  instances: z.array(z.string()),
  permissions: z.array(permissionSchema),
  protected: z.boolean(),
  tenantId: z.string(),
  createdAt: z.number().int(),
  deletedAt: z.number().int().nullable(),
  /** Members (joined or invited) holding the role. */
  memberCount: z.number().int().min(0),
});
export type Role = z.infer<typeof roleSchema>;

export const rolesListSchema = z.array(roleSchema);

/** The roles the invite and edit forms offer: never a protected one (the Owner role). */
export function assignableRoles<R extends Pick<Role, 'protected'>>(roles: readonly R[]): R[] {
  return roles.filter((r) => !r.protected);
}

/**
 * The roles every account starts with beside the protected Owner (issue 42): without them a
 * new account's invite form offered no role at all. They are ordinary roles (not protected),
 * so an account renames, changes or deletes them like its own. Migration 0040 gave them to the
 * accounts made before that held no role but Owner; its SQL spells the same list.
 */
export const STARTER_ROLES: readonly { name: string; description: string; permissions: readonly Permission[] }[] = [
  {
    name: 'Administrator',
    description: 'Everything the owner can do, on every instance: instances, billing, team and roles.',
    permissions: PERMISSIONS,
  },
  {
    name: 'Developer',
    description: 'Creates, changes and operates instances; reads their activity.',
    permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES', 'VIEW_ACTIVITY'],
  },
  {
    name: 'Viewer',
    description: 'Reads instances and their activity; changes nothing.',
    permissions: ['VIEW_INSTANCES', 'VIEW_ACTIVITY'],
  },
  {
    name: 'Billing',
    description: 'Reads and updates billing details and invoices; nothing else.',
    permissions: ['VIEW_BILLING', 'EDIT_BILLING'],
  },
];
