import { z } from 'zod';
import { isIpOrCidr } from './logger-options';
import { safeEpochMs, safeText, safeUuid, uuidParamsSchema } from './safe';
import { MESSAGES } from './validation';

/**
 * API keys (issue 18, point 1): named keys of an account, each holding one of its roles,
 * sent as `Authorization: Bearer <secret>`. The secret is `rck_` and 43 base64url
 * characters (256 random bits), shown once and stored only as its SHA-256 digest.
 */

/** Every key's secret starts with this: the guard tells a key from an access token by it, and scanners can find leaked keys. */
export const API_KEY_PREFIX = 'rck_';
/** A key lives at most a year (the issue's rule); the expiry is required. */
export const API_KEY_MAX_LIFETIME_MS = 365 * 24 * 60 * 60_000;
/** After a rotation the previous secret keeps working this long, so callers can switch without an outage. */
export const API_KEY_ROTATION_OVERLAP_MS = 24 * 60 * 60_000;
export const API_KEY_LIMITS = { name: 60, ipEntries: 50, ipEntry: 49 } as const;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const API_KEY_MESSAGES = {
  required: MESSAGES.required,
  notFound: 'API key not found.',
  roleNotFound: 'Role not found.',
  expiryPast: 'The expiry must be in the future.',
  expiryTooFar: 'A key expires within a year: choose an earlier date.',
  ip: (text: string) => `${text} is not an IP address or CIDR range: write one like 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32.`,
  duplicate: (text: string) => `${text} is listed twice: each entry once.`,
  tooManyAddresses: `At most ${API_KEY_LIMITS.ipEntries} addresses or ranges.`,
  roleAboveCreator: 'You cannot give a key a role with rights you do not hold yourself.',
  keyAboveCaller: 'This key holds rights you do not hold yourself.',
  notActive: 'Only an active key can be rotated.',
  rotateOwnOnly: 'Only the person who created this key can rotate it. Revoke it, or create a key of your own.',
  keysOnlyForPeople: 'API keys cannot call this: it is for people signed in to the console.',
  addressRefused: 'This API key may not be used from this address.',
  invalidKey: 'This API key is not valid: it is unknown, expired or revoked.',
  rateLimited: 'Too many requests with this API key: wait a moment and try again.',
  secretOnce: 'Copy the secret now: it is shown only once and cannot be recovered.',
  created: 'API key created',
  rotated: 'API key rotated',
  revoked: 'API key revoked',
  revokeConfirm: 'Revoke this key? Every call made with it is refused at once; this cannot be undone.',
} as const;

/** The IP access list: addresses and CIDR ranges, each once; an empty list lets the key be used from anywhere. */
export const ipAccessListSchema = z
  .array(safeText(API_KEY_LIMITS.ipEntry).transform((t) => t.toLowerCase()))
  .max(API_KEY_LIMITS.ipEntries, API_KEY_MESSAGES.tooManyAddresses)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, i) => {
      if (!isIpOrCidr(entry)) ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.ip(entry), path: [i] });
      else if (seen.has(entry)) ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.duplicate(entry), path: [i] });
      seen.add(entry);
    });
  });

/**
 * POST /client/api-keys. `expiresAt` is epoch milliseconds; the server checks it is in the
 * future and at most API_KEY_MAX_LIFETIME_MS away by its own clock (400 otherwise).
 */
export const createApiKeySchema = z
  .strictObject({
    name: safeText(API_KEY_LIMITS.name).min(1, API_KEY_MESSAGES.required),
    roleId: safeUuid(API_KEY_MESSAGES.roleNotFound),
    expiresAt: safeEpochMs,
    ipAccessList: ipAccessListSchema.default([]),
  })
  .meta({ examples: [{ name: 'Deploy pipeline', roleId: '00000000-0000-4000-8000-000000000000', expiresAt: 4102444800000, ipAccessList: ['203.0.113.0/24'] }] });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKeyCommand = z.output<typeof createApiKeySchema>;

/** Whether an expiry is acceptable at `now`: in the future and within a year. Null when it is, else the message. */
export function apiKeyExpiryProblem(expiresAt: number, now: number): string | null {
  if (expiresAt <= now) return API_KEY_MESSAGES.expiryPast;
  if (expiresAt > now + API_KEY_MAX_LIFETIME_MS) return API_KEY_MESSAGES.expiryTooFar;
  return null;
}

/** A key as the console lists it: never its secret nor its digest. */
export const apiKeySchema = z.object({
  keyId: z.string(),
  name: z.string(),
  roleId: z.string(),
  /** The role's name; null when the role was deleted since (the key then holds no permission). */
  roleName: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
  expiresAt: z.number().int(),
  ipAccessList: z.array(z.string()),
  createdAt: z.number().int(),
  createdBy: z.string(),
  /** The creator's user id: only they may rotate the key, and it stops when they leave the account. */
  createdById: z.string(),
  lastUsedAt: z.number().int().nullable(),
  lastUsedAddress: z.string().nullable(),
  /** Until when the secret replaced by the last rotation still works (null: none does). */
  previousSecretValidUntil: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.object({ keys: z.array(apiKeySchema) });
/** Creation and rotation answer the secret: the only time it is ever shown. */
export const apiKeyWithSecretSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;
export const apiKeyParamsSchema = uuidParamsSchema(API_KEY_MESSAGES.notFound);
