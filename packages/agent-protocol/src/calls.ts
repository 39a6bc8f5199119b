import { z } from 'zod';
import { agentHealthSchema, agentStatsSchema, backupResultSchema, cleanupPreviewResultSchema, restoreResultSchema, cleanupResultSchema, diskResultSchema } from './answers.ts';
import { ssoStatusSchema } from './sso.ts';
import { errorDetailSchema, errorListRequestSchema, errorListSchema, errorRequestSchema } from './errors.ts';
import { sourceMapDeleteRequestSchema, sourceMapDeleteSchema, sourceMapInfoSchema, sourceMapListRequestSchema, sourceMapListSchema, sourceMapUploadSchema } from './source-maps.ts';
import { agentConfigChangeSchema, agentConfigSchema } from './config.ts';
import { activityRequestSchema, activitySchema } from './activity.ts';
import { isIpOrRange } from './addresses.ts';
import { ADMIN_ROUTES, HEALTH_ROUTE, type AdminCallName } from './paths.ts';

/**
 * Every call the console makes to an agent: method, path, the body the agent
 * accepts (null: none is read) and the answer it gives. The agent routes and
 * validates by these; a driver's client sends and reads by them.
 */
export interface AgentCall<Body extends z.ZodType | null = z.ZodType | null, Answer extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  body: Body;
  answer: Answer;
}

const call = <Body extends z.ZodType | null, Answer extends z.ZodType>(route: { method: 'GET' | 'POST'; path: string }, body: Body, answer: Answer) =>
  ({ ...route, body, answer }) satisfies AgentCall<Body, Answer>;

/** A JSON object holding exactly one whole number within bounds. */
function wholeNumberBody<Field extends string>(field: Field, min: number, max: number) {
  const message = `Expected { "${field}": a whole number from ${min} to ${max} }`;
  return z.strictObject({ [field]: z.int({ error: message }).min(min).max(max) } as Record<Field, z.ZodInt>, { error: message });
}

/** The body of a cleanup: the days of recordings and errors older than `days` days are removed. */
export const cleanupRequestSchema = wholeNumberBody('days', 0, 3650);
const PREVIEW_MESSAGE = 'Expected { "ages": a list of 1 to 10 whole numbers of days from 0 to 3650 }';
/** The body of a cleanup preview: for each age, what a cleanup of sessions older than it would free. */
export const cleanupPreviewRequestSchema = z.strictObject(
  {
    ages: z
      .array(z.int({ error: PREVIEW_MESSAGE }).min(0).max(3650), { error: PREVIEW_MESSAGE })
      .min(1)
      .max(10),
  },
  { error: PREVIEW_MESSAGE },
);
/** The body of a disk resize: the disk grew to `diskGb` (online, as a cloud volume does). */
export const diskRequestSchema = wholeNumberBody('diskGb', 1, 65536);

/** A backup's name and a restore's id: the console's choice, used as a folder name, so of this shape only. */
export const BACKUP_NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
const backupName = z.string({ error: 'name must be text' }).regex(BACKUP_NAME_PATTERN, { error: 'name may hold only letters, digits, _ and -, 1 to 80' });

const ACCESS_CHECK_MESSAGE = 'The body must be { address }: an IPv4 or IPv6 address';
/** The body of an access check: one client address (no range: a request comes from one). */
export const accessCheckRequestSchema = z.strictObject(
  {
    address: z
      .string({ error: ACCESS_CHECK_MESSAGE })
      .max(45)
      .refine((a) => isIpOrRange(a) && !a.includes('/'), { error: ACCESS_CHECK_MESSAGE }),
  },
  { error: ACCESS_CHECK_MESSAGE },
);
/** The agent's answer: `matched` is the entry that admits the address, null when none does (or the list is empty: `open`). */
export const accessCheckResultSchema = z.object({ address: z.string(), allowed: z.boolean(), open: z.boolean(), matched: z.string().nullable() });
export type AccessCheckResult = z.infer<typeof accessCheckResultSchema>;

/** The body of a backup: its name, chosen by the console, so that asking twice (a retry) takes it once. */
export const backupRequestSchema = z.strictObject({ name: backupName }, { error: 'The body must be { name }' });

/** The body of a restore: the backup, and the request's id, so that asking twice (a retry) restores once. */
export const restoreRequestSchema = z.strictObject({ name: backupName, restoreId: backupName }, { error: 'The body must be { name, restoreId }' });

/**
 * The console's calls, each with an admin token (see tokens.ts). Stats are one
 * of them: how busy and how full an instance is is the console's business only.
 */
export const ADMIN_CALLS = {
  stats: call(ADMIN_ROUTES.stats, null, agentStatsSchema),
  readConfig: call(ADMIN_ROUTES.readConfig, null, agentConfigSchema),
  applyConfig: call(ADMIN_ROUTES.applyConfig, agentConfigChangeSchema, agentConfigSchema),
  cleanup: call(ADMIN_ROUTES.cleanup, cleanupRequestSchema, cleanupResultSchema),
  cleanupPreview: call(ADMIN_ROUTES.cleanupPreview, cleanupPreviewRequestSchema, cleanupPreviewResultSchema),
  /** Copies the data folder to ../backups/<name> while the instance runs; a backup already whole is answered as it is. */
  backup: call(ADMIN_ROUTES.backup, backupRequestSchema, backupResultSchema),
  /** Puts a backup's recordings in place of the instance's, while it runs; a restore id already done is answered as it was. */
  restore: call(ADMIN_ROUTES.restore, restoreRequestSchema, restoreResultSchema),
  /**
   * Removes the backup `name` from ../backups (one already gone is fine): for a driver whose
   * console cannot reach the instance's volume itself (Kubernetes).
   */
  deleteBackup: call(ADMIN_ROUTES.deleteBackup, backupRequestSchema, z.object({ name: z.string() })),
  resizeDisk: call(ADMIN_ROUTES.resizeDisk, diskRequestSchema, diskResultSchema),
  /** The last 'Test sign-in' that passed (SAML round trip through the IdP), for the console's rule on enforcing SSO. */
  ssoStatus: call(ADMIN_ROUTES.ssoStatus, null, ssoStatusSchema),
  /** The tracker's JavaScript errors, grouped by message and top frame, newest first. */
  errors: call(ADMIN_ROUTES.errors, errorListRequestSchema, errorListSchema),
  /** One group and its latest occurrence's stack; null when there is no such group. */
  error: call(ADMIN_ROUTES.error, errorRequestSchema, errorDetailSchema),
  /** Keeps a project's source map of one file of one release on the instance (a new one replaces it); 400 for what is not a map v3. */
  uploadSourceMap: call(ADMIN_ROUTES.uploadSourceMap, sourceMapUploadSchema, sourceMapInfoSchema),
  /** The maps of `projectIds` (absent: all), newest first, without their text. */
  sourceMaps: call(ADMIN_ROUTES.sourceMaps, sourceMapListRequestSchema, sourceMapListSchema),
  /** Removes one map of `projectIds`; `removed: false` when they have none of that id. */
  deleteSourceMap: call(ADMIN_ROUTES.deleteSourceMap, sourceMapDeleteRequestSchema, sourceMapDeleteSchema),
  /** Sessions, distinct users and errors recorded in a period (the weekly report's figures). */
  activity: call(ADMIN_ROUTES.activity, activityRequestSchema, activitySchema),
  /** Whether the network access list the agent holds admits `address`, and by which entry (the console's tester). */
  accessCheck: call(ADMIN_ROUTES.accessCheck, accessCheckRequestSchema, accessCheckResultSchema),
} satisfies Record<AdminCallName, AgentCall>;

export const HEALTH_CALL = call(HEALTH_ROUTE, null, agentHealthSchema);

/** The body a call carries (its schemas transform nothing, so what is sent is what is read). */
export type BodyOf<C extends AgentCall> = C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
export type AnswerOf<C extends AgentCall> = z.output<C['answer']>;
