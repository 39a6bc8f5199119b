import { z } from 'zod';
import { avatarIconSchema } from './avatars';
import { permissionSchema } from './permissions';
import { safeExactText } from './safe';
import { DAY_MS } from './constants';
import { accountSettingsSchema } from './console-modules';
import { MESSAGES, PASSWORD_MAX_LENGTH, organizationSchema, personNameSchema, strongPasswordSchema } from './validation';

/**
 * Seats, instances and projects ("sites") an account may hold (Account.limits, GET /limits
 * for seats and sites), by whether it has billing details: a trial account gets its one
 * free instance and a small team to try the product with; a billed one room to grow,
 * capped so a runaway script (or a stolen session) cannot run up a bill of hundreds of
 * instances (no per-account override exists yet: docs/decisions/account.md). A seat is a
 * member, joined or invited, however they came in (members/seats.door.ts); an instance counts
 * until it is terminated, and so do its projects.
 */
export const ACCOUNT_LIMITS = {
  trial: { teamMembers: 20, instances: 1, sites: 3 },
  billed: { teamMembers: 50, instances: 20, sites: 100 },
} as const;

/** The tier an account is in: billing details lift every cap. */
export const accountTier = (hasBillingDetails: boolean) => (hasBillingDetails ? ACCOUNT_LIMITS.billed : ACCOUNT_LIMITS.trial);

/**
 * What an account may still add (the spec's `limits`): seats from the members joined or
 * invited, sites from the projects of its live instances (every instance holds at least its
 * default project, so an instance takes a site too).
 */
export function accountLimits(facts: { hasBillingDetails: boolean; seats: number; sites: number }) {
  const tier = accountTier(facts.hasBillingDetails);
  return {
    teamMember: { limit: tier.teamMembers, remaining: Math.max(0, tier.teamMembers - facts.seats) },
    sites: { limit: tier.sites, remaining: Math.max(0, tier.sites - facts.sites) },
  };
}

/** The account's instance cap (not one of the spec's `limits`, which counts sites): what the instance create judges. */
export function instanceLimit(facts: { hasBillingDetails: boolean; instanceCount: number }) {
  const { instances } = accountTier(facts.hasBillingDetails);
  return { limit: instances, remaining: Math.max(0, instances - facts.instanceCount) };
}

const limitSchema = z.object({ limit: z.number().int(), remaining: z.number().int() });

/** The signed-in user's account, every field of spec section 3 'Account'. */
export const accountSchema = z.object({
  userId: z.string(),
  /** The user's own name; the organization's name is tenantName. */
  name: z.string(),
  email: z.string(),
  /** The member's avatar icon; null: their initials. */
  avatar: avatarIconSchema.nullable(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  permissions: z.array(permissionSchema),
  isTrial: z.boolean(),
  remainingTrial: z.number().int().min(0),
  trialEndsAt: z.number().int(),
  instanceCount: z.number().int().min(0),
  hasBillingDetails: z.boolean(),
  edition: z.enum(['ee', 'foss']),
  tenantName: z.string(),
  tenantId: z.string(),
  /** The project key trackers send: a credential, so null for anyone but the account's admins. */
  tenantKey: z.string().nullable(),
  /**
   * The spec's account `apiKey`: always null. API calls are made with named API keys
   * (GET/POST /client/api-keys), each holding a role, expiring and revocable; a single
   * account-wide key that opened nothing would only look like a credential (decision row).
   */
  apiKey: z.null(),
  smtp: z.boolean(),
  plan: z.object({
    type: z.enum(['trial', 'paid']),
    /** Spelled as the spec spells it. */
    remaingSessions: z.number().int().nullable(),
    billingSetup: z.boolean(),
    remainingTrialDays: z.number().int().min(0),
  }),
  /** `modules`: the optional modules switched off (console-modules.ts). */
  settings: accountSettingsSchema,
  hasPassword: z.boolean(),
  changePassword: z.boolean(),
  /** The owner's rule: every member of the account signs in with a second factor. */
  mfaRequired: z.boolean(),
  /** The rule applies and this member has not set a second factor up: only the set-up is open until they do. */
  mfaEnrolmentRequired: z.boolean(),
  limits: z.object({ teamMember: limitSchema, sites: limitSchema }),
  banner: z.string().nullable(),
  verifiedEmail: z.boolean(),
  license: z.string().nullable(),
  expirationDate: z.number().int().nullable(),
  iceServers: z.string().nullable(),
  optOut: z.boolean(),
  createdAt: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

/** Spec: trial if isTrial, or remainingTrial is 0 with no billing details. */
export function isTrialAccount(a: Pick<Account, 'isTrial' | 'remainingTrial' | 'hasBillingDetails'>): boolean {
  return a.isTrial || (a.remainingTrial === 0 && !a.hasBillingDetails);
}

export function isEnterprise(a: Pick<Account, 'edition' | 'plan'>): boolean {
  return a.edition === 'ee' || a.plan.type === 'paid';
}

/** POST /account: the profile form (Name and Organization). */
export const accountUpdateSchema = z
  .strictObject({
    name: personNameSchema,
    tenantName: organizationSchema,
  })
  .meta({ examples: [{ name: 'Ada Lovelace', tenantName: 'Analytical Engines' }] });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

const oldPasswordSchema = safeExactText(PASSWORD_MAX_LENGTH).min(1, 'Old password is required');

/** POST /account/password: the server's view; the form adds the repeat field. */
export const passwordChangeSchema = z
  .strictObject({
    oldPassword: oldPasswordSchema,
    newPassword: strongPasswordSchema,
  })
  .meta({ examples: [{ oldPassword: 'Old!Passw0rd', newPassword: 'N3w!Passw0rd' }] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordChangeFormSchema = z
  .object({
    oldPassword: oldPasswordSchema,
    newPassword: z.string().min(8, MESSAGES.passwordTooShort).pipe(strongPasswordSchema),
    repeatPassword: safeExactText(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.repeatPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['repeatPassword'],
  });

/** Whole days of trial left, rounded up: a trial with 1 hour left still shows 1 day. */
export function remainingTrialDays(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}
