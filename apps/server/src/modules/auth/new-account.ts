import { DAY_MS, OWNER_ROLE_NAME, PERMISSIONS, STARTER_ROLES, TRIAL_DAYS } from '@replay/contracts';
import { newId } from '../../lib/ids';
import type { NewAccount } from './auth.repo';
import { newTenantKey } from './keys';

/** The sign-up form, as the route hands it over. */
export interface SignupCommand {
  fullname: string;
  organizationName: string;
  email: string;
  password: string;
  /** The id the client chose for the new account; made by the server when absent. */
  tenantId?: string;
}

/**
 * What a sign-up makes: the account on a fresh trial, its protected Owner role and the
 * starter roles, and the person signing up as its owner (admin and super admin).
 */
export function newAccountOf(cmd: SignupCommand, ids: { tenantId: string; roleId: string; userId: string }, passwordHash: string, now: Date): NewAccount {
  const { tenantId, roleId, userId } = ids;
  return {
    tenant: { id: tenantId, name: cmd.organizationName, tenantKey: newTenantKey(), trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS), createdAt: now },
    ownerRole: { id: roleId, tenantId, name: OWNER_ROLE_NAME, description: 'Full access to the account.', permissions: [...PERMISSIONS], protected: true, createdAt: now },
    starterRoles: STARTER_ROLES.map((role) => ({ id: newId(), tenantId, ...role, permissions: [...role.permissions], protected: false, createdAt: now })),
    user: { id: userId, tenantId, email: cmd.email, name: cmd.fullname, passwordHash, admin: true, superAdmin: true, roleId, joinedAt: now, createdAt: now },
  };
}
