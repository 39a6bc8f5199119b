import { z } from 'zod';
import { DAY_MS, PAGE_SIZES } from './constants';
import { safeEpochMs, safePaging, safeText, safeUuid, uuidParamsSchema } from './safe';

/** The audit trail (spec sections 1, 3 'Audit entry', 7 '/trails', 8 'Audit export'). */

/** The period the trail shows when none is asked for (spec section 1). */
export const AUDIT_DEFAULT_PERIOD_DAYS = 7;
export const AUDIT_DEFAULT_PERIOD_MS = AUDIT_DEFAULT_PERIOD_DAYS * DAY_MS;

export const AUDIT_MESSAGES = {
  exporting: 'Exporting...',
  exported: 'Export successful',
  notFound: 'Audit entry not found.',
  badPeriod: 'The period must start before it ends.',
} as const;

/**
 * The one table of audit labels: `METHOD path` (path under /api, every path
 * parameter written ':id') to what the trail's Action column shows. Routes
 * not listed here are recorded as `METHOD path`.
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'POST /signup': 'Sign up',
  'POST /login': 'Log in',
  'GET /logout': 'Log out',
  'POST /password/reset-link': 'Request password reset',
  'POST /password/reset': 'Reset password',
  'POST /account': 'Update account',
  'POST /account/password': 'Change password',
  'POST /client/members': 'Invite member',
  'PUT /client/members/:id': 'Update member',
  'DELETE /client/members/:id': 'Remove member',
  'GET /client/members/:id/reset': 'Renew invitation link',
  'POST /invitations/accept': 'Accept invitation',
  'POST /users/modules': 'Toggle module',
  'PUT /client/roles': 'Create role',
  'POST /client/roles/:id': 'Update role',
  'DELETE /client/roles/:id': 'Delete role',
  'POST /managed-saas/instances': 'Create instance',
  'PUT /managed-saas/instances/:id': 'Update instance',
  'DELETE /managed-saas/instances/:id': 'Delete instance',
  'GET /managed-saas/instances/:id/jwt': 'Open instance',
  'POST /managed-saas/instances/:id/actions': 'Start, stop or terminate instance',
  'POST /managed-saas/instances/:id/config': 'Update instance configuration',
  'POST /managed-saas/instances/:id/config-sso': 'Update SSO configuration',
  'POST /managed-saas/instances/:id/config-disk-usage': 'Update data retention',
  'POST /managed-saas/config-disk-usage': 'Update data retention',
  'POST /managed-saas/instances/:id/maintenance-window': 'Change maintenance window',
  'POST /managed-saas/instances/:id/cleanup': 'Request disk cleanup',
  'POST /managed-saas/instances/:id/disk-upgrade': 'Increase disk size',
  'POST /managed-saas/instances/:id/instance-upgrade': 'Change instance type',
  'POST /managed-saas/instances/:id/version-upgrade': 'Upgrade version',
  'POST /plans/billing': 'Add billing details',
  'PUT /plans/edit': 'Update billing details',
  'PUT /webhooks': 'Save webhook',
  'DELETE /webhooks/:id': 'Delete webhook',
  'POST /config/weekly_report': 'Update weekly report',
  'POST /notifications/view': 'Mark notifications viewed',
  'GET /notifications/:id/view': 'Mark notification viewed',
};

/** GET calls that change something (or hand out a credential), so they are recorded too. */
const AUDITED_GETS = new Set([
  'GET /logout',
  'GET /client/members/:id/reset',
  'GET /managed-saas/instances/:id/jwt',
  'GET /notifications/:id/view',
]);

/** POST calls that only read (searches with a body), and telemetry: not recorded. */
const UNAUDITED_POSTS = new Set(['POST /trails', 'POST /managed-saas/instances/status', 'POST /:id/signals']);

/** `METHOD path` with the /api prefix dropped and every parameter written ':id'. */
export function auditKey(method: string, routeUrl: string): string {
  const path = routeUrl.replace(/^\/api(?=\/|$)/, '').replace(/:[^/]+/g, ':id') || '/';
  return `${method.toUpperCase()} ${path}`;
}

/**
 * Whether a call is recorded: everything that may change something (POST,
 * PUT, PATCH, DELETE) except searches and telemetry, plus the GETs above.
 * GET /refresh is left out on purpose: it runs every few minutes per tab.
 */
export function isAuditedCall(method: string, routeUrl: string): boolean {
  const key = auditKey(method, routeUrl);
  const m = method.toUpperCase();
  if (m === 'GET') return AUDITED_GETS.has(key);
  if (m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE') return !UNAUDITED_POSTS.has(key);
  return false;
}

export function auditActionLabel(method: string, routeUrl: string): string {
  const key = auditKey(method, routeUrl);
  return AUDIT_ACTIONS[key] ?? key;
}

const periodSchema = z
  .strictObject({ start: safeEpochMs, end: safeEpochMs })
  .refine((p) => p.start <= p.end, AUDIT_MESSAGES.badPeriod);

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
