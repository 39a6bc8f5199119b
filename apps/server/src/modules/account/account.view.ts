import { accountLimits, knownModules, remainingTrialDays, type Account } from '@replay/contracts';
import type { Principal } from '../../lib/principal';
import type { AccountRow } from './account.repo';

/** What other domains count for the account (AccountSources), read once per answer. */
export interface AccountCounts {
  members: number;
  instanceCount: number;
  sites: number;
  hasBillingDetails: boolean;
}

/** The account as GET /account answers it, for this member. */
export function toAccount(p: Principal, row: AccountRow, counts: AccountCounts, now: Date, mailTransport: 'outbox' | 'smtp'): Account {
  const { tenant } = row;
  const { members, instanceCount, sites, hasBillingDetails } = counts;
  const remainingTrial = remainingTrialDays(tenant.trialEndsAt, now);
  // The trial lasts until billing details exist, even past its end date (then the
  // banner says it has ended and creating instances needs billing).
  const isTrial = !hasBillingDetails;
  // The project key acts as the organization towards its instances: only its admins are shown it.
  const isAdmin = p.admin || p.superAdmin;
  return {
    userId: p.userId,
    name: p.name,
    email: p.email,
    avatar: row.avatar,
    roleId: p.role?.id ?? null,
    roleName: p.role?.name ?? null,
    admin: p.admin,
    superAdmin: p.superAdmin,
    permissions: p.permissions,
    isTrial,
    remainingTrial,
    trialEndsAt: tenant.trialEndsAt.getTime(),
    instanceCount,
    hasBillingDetails,
    edition: tenant.edition,
    tenantName: tenant.name,
    tenantId: tenant.id,
    tenantKey: isAdmin ? tenant.tenantKey : null,
    apiKey: null,
    smtp: mailTransport === 'smtp',
    plan: {
      type: isTrial ? 'trial' : 'paid',
      remaingSessions: null,
      billingSetup: hasBillingDetails,
      remainingTrialDays: remainingTrial,
    },
    // The catalogue's keys only: one stored before the catalogue existed switches nothing.
    settings: { modules: knownModules(tenant.modules) },
    hasPassword: row.passwordHash !== null,
    changePassword: p.passwordChangeRequired,
    mfaRequired: tenant.mfaRequired,
    mfaEnrolmentRequired: p.mfaEnrolmentRequired,
    limits: accountLimits({ hasBillingDetails, seats: members, sites }),
    banner: null,
    verifiedEmail: row.emailVerifiedAt !== null,
    license: null,
    expirationDate: isTrial ? tenant.trialEndsAt.getTime() : null,
    iceServers: null,
    optOut: tenant.optOut,
    createdAt: row.userCreatedAt.getTime(),
  };
}
