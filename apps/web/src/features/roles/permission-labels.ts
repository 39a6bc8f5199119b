import type { Permission } from '@replay/contracts';

/** How each of the nine permissions reads in the console. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  VIEW_INSTANCES: 'View instances',
  EDIT_INSTANCES: 'Manage instances',
  VIEW_ACTIVITY: 'View activity',
  VIEW_MEMBERS: 'View team members',
  EDIT_MEMBERS: 'Manage team members',
  VIEW_ROLES: 'View roles',
  EDIT_ROLES: 'Manage roles',
  VIEW_BILLING: 'View billing',
  EDIT_BILLING: 'Manage billing',
};
