import { z } from 'zod';
import { DAY_MS, PAGE_SIZES } from './constants';
import { safeEpochMs, safeInt, safePaging, safeText, safeUuid, uuidParamsSchema } from './safe';

/** The audit trail (spec sections 1, 3 'Audit entry', 7 '/trails', 8 'Audit export'). */

/** The period the trail shows when none is asked for (spec section 1). */
export const AUDIT_DEFAULT_PERIOD_DAYS = 7;
export const AUDIT_DEFAULT_PERIOD_MS = AUDIT_DEFAULT_PERIOD_DAYS * DAY_MS;

export const AUDIT_MESSAGES = {
  exporting: 'Exporting...',
  exported: 'Export successful',
  notFound: 'Audit entry not found.',
  badPeriod: 'The period must start before it ends.',
  badRange: 'The export range must start at or before its end.',
  rangeAfterHead: 'The export range starts after the last audit record.',
  exportNeedsAllInstances: 'The signed export holds every record of the account: it needs a role that reaches all instances and may view billing, instances, team and roles.',
  signedExportFailed: 'The signed export failed. Please try again.',
} as const;

/** The formats of the signed audit export (packages/audit-chain): CSV, or JSON Lines. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

const recordSeq = safeInt({ min: 1, from: 'query' });

/**
 * GET /trails/export: the account's chained records from `from` (default 1) to `to`
 * (default the last), then the signed head.
 */
export const auditExportQuerySchema = z
  .strictObject({ format: z.enum(AUDIT_EXPORT_FORMATS).default('jsonl'), from: recordSeq.optional(), to: recordSeq.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, AUDIT_MESSAGES.badRange);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

/** GET /audit/signing-key: the public part of the key that signs export heads (Ed25519). */
export const auditSigningKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  /** SPKI, PEM. */
  publicKeyPem: z.string(),
  jwk: z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string() }),
});
export type AuditSigningKeyAnswer = z.infer<typeof auditSigningKeySchema>;

const periodSchema = z.strictObject({ start: safeEpochMs, end: safeEpochMs }).refine((p) => p.start <= p.end, AUDIT_MESSAGES.badPeriod);

const trailsFilters = z
  .strictObject({
    ...safePaging(PAGE_SIZES.audit, 'body'),
    period: periodSchema.optional(),
    userId: safeUuid().optional(),
    action: safeText(100).min(1).optional(),
    query: safeText(200).optional(),
  })
  .meta({ examples: [{ limit: 20, period: { start: 0, end: 4102444800000 }, query: 'role' }] });

/** POST /trails: every filter optional; the period defaults to the last 7 days. A call with no body means no filters. */
export const trailsQuerySchema = z.preprocess((body) => body ?? {}, trailsFilters);

/** GET /trails/{id}. */
export const auditEntryIdParamsSchema = uuidParamsSchema(AUDIT_MESSAGES.notFound);
export type TrailsQuery = z.input<typeof trailsQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** The API key the call was made with (its `username` is then the key's name); null for a person's call. */
  apiKeyId: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  action: z.string(),
  createdAt: z.number().int(),
  /** The path that was called, e.g. /api/client/members/3f…. */
  endpoint: z.string(),
  /** The route it matched, e.g. /api/client/members/:id. */
  route: z.string(),
  /** Path parameters and query string, secrets redacted. */
  parameters: z.record(z.string(), z.unknown()),
  method: z.string(),
  status: z.number().int(),
  /** The request body, secrets redacted. */
  payload: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Spec names: the entries are 'sessions', their number 'count'. */
export const trailsListSchema = z.object({ sessions: z.array(auditEntrySchema), count: z.number().int().min(0) });
