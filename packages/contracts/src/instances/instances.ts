import { z } from 'zod';
import { findRegion, instanceSizeSchema, providerSchema, type InstanceSize } from '../catalogue';
import { instanceStatusSchema } from '../instance-lifecycle';
import { PAGE_SIZES, TEXT_LIMITS } from '../constants';
import { instanceActionSchema } from './instance-rules';
import { searchTextSchema } from '../members';
import { microsSchema as micros } from '../money';
import { safeExactText, safePaging, safeText, uuidParamsSchema } from '../safe';
import { MESSAGES } from '../validation';

/**
 * Managed instances on the wire (spec sections 3, 4, 5, 7 and 8): the
 * instance, the bodies of its calls, and the rules both the server and the
 * web app apply (allowed actions, URL rule, billing gate), so the button the
 * UI enables is the call the server accepts.
 */

/** Messages of spec section 8 (and the instance rules of section 5), word for word. */
export const INSTANCE_MESSAGES = {
  actionFailed: (action: string) => `Couldn't ${action} instance`,
  /** Shown when the server gave no error; the trailing space is the spec's. */
  createFailed: 'Failed to create instance. ',
  created: (name: string) => `Instance ${name} is being created. This may take a few minutes to complete.`,
  inaccessibleFromList: 'The instance is temporarily inaccessible. Please try again in 30s. Otherwise contact support.',
  noAccess: "Couldn't get access to instance",
  updateFailed: 'Failed to update instance.',
  updated: 'Instance updated successfully.',
  urlTaken: 'This URL is already taken.',
  /** The account's instance cap (ACCOUNT_LIMITS.instances), 409: terminating one frees its place. */
  instanceLimit: (limit: number) => `Your account has reached its limit of ${limit} ${limit === 1 ? 'instance' : 'instances'}. Terminate one, or contact support to raise the limit.`,
  billingRequired: 'Free limit reached. Add payment details to continue creating instances.',
  /* Not in the spec: starting an instance the trial's end stopped. */
  trialEndedStart: 'Your free trial has ended. Add payment details to start instances.',
  invoicePastDue: 'An invoice is past due. Pay it (update the card in Billing) to create instances.',
  freeTrialEligible: 'Free Trial Eligible',
  createNote: 'Creating an instance can take up to 5 minutes or longer.',
  healthCheckFailed: 'Health check failed',
  noProxyResponse: 'No response from proxy health check',
  /* The spec gives no server wording for these; they name the rule that refused. */
  terminationProtected: 'Termination protection is on for this instance. Turn it off before terminating.',
  confirmTerminate: 'Type TERMINATE to confirm.',
  actionNotAllowed: (action: string, status: string) => `An instance that is ${status} cannot be asked to ${action}.`,
  busy: 'The instance kept changing while this request was handled. Please try again.',
  terminated: 'This instance has been terminated.',
  notRunning: 'The instance is not running.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  scopedCreate: 'Your role gives access to chosen instances only, so it cannot create new ones. Ask an admin.',
  regionNotInProvider: 'This region is not offered by the chosen cloud provider.',
  invalidUrl: 'Use only letters, digits, underscores and hyphens (at most 64).',
  notFound: 'Instance not found.',
} as const;

/* ---------- URL rule (spec section 5) ---------- */

export const INSTANCE_URL_MAX = 64;
const URL_PATTERN = /^[A-Za-z0-9_-]+$/;

/** What the URL field keeps of what is typed: letters, digits, underscore and hyphen, at most 64. */
export function normalizeInstanceUrl(typed: string): string {
  return typed.replace(/[^A-Za-z0-9_-]/g, '').slice(0, INSTANCE_URL_MAX);
}

export function isValidInstanceUrl(url: string): boolean {
  return url.length > 0 && url.length <= INSTANCE_URL_MAX && URL_PATTERN.test(url);
}

/* Its own pattern already refuses anything unstorable; the generous cap only bounds the work of checking it. */
export const instanceUrlSchema = safeExactText(256).min(1, MESSAGES.required).refine(isValidInstanceUrl, INSTANCE_MESSAGES.invalidUrl);

/* ---------- billing gate (spec section 5) ---------- */

export interface BillingFacts {
  hasBillingDetails: boolean;
  instanceCount: number;
  /** Whole days of trial left (Account.remainingTrial). */
  remainingTrial: number;
}

/**
 * Billing is required when the account has no billing details and (the size is not small or it
 * has an instance already). Beyond the spec's rule: once the trial has ended, the free instance
 * is over too (docs/decisions/billing.md, 'the trial's end without billing details').
 */
export function isBillingRequired(account: BillingFacts, size: InstanceSize): boolean {
  return !account.hasBillingDetails && (size !== 'small' || account.instanceCount > 0 || account.remainingTrial <= 0);
}

/** 'Free Trial Eligible' shows on small only for a trial account with no instances. */
export function isFreeTrialEligible(account: { isTrial: boolean; instanceCount: number }): boolean {
  return account.isTrial && account.instanceCount === 0;
}

/* ---------- bodies ---------- */

export const instanceNameSchema = safeText(TEXT_LIMITS.inlineName).min(1, MESSAGES.required);

/** POST /managed-saas/instances. Valid when name, url, region and size are set, and the region belongs to the provider. */
export const createInstanceSchema = z
  .strictObject({
    name: instanceNameSchema,
    provider: providerSchema,
    region: safeExactText(64).min(1, MESSAGES.required),
    size: instanceSizeSchema,
    url: instanceUrlSchema,
  })
  .refine((v) => findRegion(v.provider, v.region) !== undefined, { message: INSTANCE_MESSAGES.regionNotInProvider, path: ['region'] })
  .meta({ examples: [{ name: 'Production', provider: 'aws', region: 'us-east-1', size: 'small', url: 'production' }] });
export type CreateInstanceInput = z.infer<typeof createInstanceSchema>;

/** The create form's own validity: the four fields of the spec set (the form always has a provider). */
export function isInstanceFormValid(v: { name?: string; url?: string; region?: string; size?: string }): boolean {
  return Boolean(v.name?.trim() && v.url && v.region && v.size);
}

/** PUT /managed-saas/instances/{id}: rename and termination protection. */
export const updateInstanceSchema = z
  .strictObject({ name: instanceNameSchema.optional(), isProtected: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.isProtected !== undefined, { message: 'Nothing to update.' })
  .meta({ examples: [{ name: 'Production', isProtected: false }] });
export type UpdateInstanceInput = z.infer<typeof updateInstanceSchema>;

/** POST …/{id}/actions. `confirm`, when sent with terminate, must be TERMINATE (trimmed). */
export const instanceActionBodySchema = z.strictObject({
  action: instanceActionSchema,
  confirm: safeExactText(64).optional(),
});
export type InstanceActionBody = z.infer<typeof instanceActionBodySchema>;

/** An instance id as a body's list carries it: not necessarily a UUID (anything else is simply not found). */
export const instanceIdSchema = safeExactText(64);
export const instanceIdParamsSchema = uuidParamsSchema(INSTANCE_MESSAGES.notFound);

export const instanceStatusQuerySchema = z.strictObject({ ids: z.array(instanceIdSchema).max(100) });

export const instanceListQuerySchema = z.object({
  ...safePaging(PAGE_SIZES.instances, 'query'),
  search: searchTextSchema,
});
export type InstanceListQuery = z.infer<typeof instanceListQuerySchema>;

export const validateDomainQuerySchema = z.object({ url: safeExactText(256) });

/* ---------- answers ---------- */

/**
 * Every field of spec section 3 'Instance' the server knows (latestEvents comes with one instance's
 * details, below); isOld, isRecent and labels are derived by the client from the times.
 */
export const instanceSchema = z.object({
  instanceId: z.string(),
  tenantId: z.string(),
  name: z.string(),
  status: instanceStatusSchema,
  inProgress: z.boolean(),
  provider: providerSchema,
  region: z.string(),
  regionLabel: z.string(),
  isoCode: z.string(),
  size: instanceSizeSchema,
  /** The same as size: the spec names it both ways. */
  instanceType: instanceSizeSchema,
  /** The URL slug chosen at creation. */
  url: z.string(),
  /** Where the instance actually answers; null until it has been provisioned. */
  instanceUrl: z.string().nullable(),
  healthCheckUrl: z.string().nullable(),
  version: z.string(),
  highAvailability: z.boolean(),
  attachGpu: z.boolean(),
  isProtected: z.boolean(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  deletedAt: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  deletedBy: z.string().nullable(),
  failure: z.string().nullable(),
  uiFailure: z.string().nullable(),
  /** GB */
  diskSize: z.number().int(),
  storageInProgress: z.boolean(),
  healthy: z.boolean(),
  lastHealthAt: z.number().int().nullable(),
  /** True while the console's own health round (every 30 s) is asking this instance and its answer has not landed yet. */
  checkingHealth: z.boolean(),
  clientNetworkIssue: z.boolean(),
  resolvedIps: z.array(z.string()),
  /** Prices in integer micro-dollars (money.ts); the SPA formats them. */
  pricingDetails: z.object({ monthlyPrice: micros, hourlyPrice: micros }),
  storagePrice: z.object({ price: micros, monthly: micros, hourly: micros }),
  canUpdateStorage: z.boolean(),
  canSwitchInstance: z.boolean(),
  /** When the disk last changed size, epoch ms; null if never. Optional (and last) only for clients' fixtures written before it. */
  lastStorageUpdateAt: z.number().int().nullable().optional(),
  /** The version an upgrade under way moves to (status version-upgrading); null otherwise. Optional for fixtures written before it. */
  pendingVersion: z.string().nullable().optional(),
  /**
   * An upgrade waiting for the maintenance window: the version, and the window's opening it waits for
   * (epoch ms); null when none waits. Optional for fixtures written before it.
   */
  scheduledUpgrade: z.object({ version: z.string(), at: z.number().int() }).nullable().optional(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instanceListSchema = z.object({ instances: z.array(instanceSchema), total: z.number().int() });
export const instanceStatusItemSchema = z.object({ instanceId: z.string(), status: instanceStatusSchema, inProgress: z.boolean() });
export const instanceStatusListSchema = z.object({ statuses: z.array(instanceStatusItemSchema) });
export const instanceStatusOnlySchema = instanceStatusItemSchema.omit({ instanceId: true });
export const validateDomainSchema = z.object({ valid: z.boolean() });
/** One-time token; `loginUrl` is the instance's login address with it, for opening in a new tab. */
export const instanceJwtSchema = z.object({ jwt: z.string(), loginUrl: z.string() });
export const proxyHealthSchema = z.object({ healthy: z.boolean(), hasTenants: z.boolean(), resolvedIps: z.array(z.string()) });
