import { z } from 'zod';
import { agentHealthSchema, agentStatsSchema, backupResultSchema, cleanupResultSchema, diskResultSchema } from './answers.ts';
import { agentConfigChangeSchema, agentConfigSchema } from './config.ts';

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

const call = <Body extends z.ZodType | null, Answer extends z.ZodType>(method: 'GET' | 'POST', path: string, body: Body, answer: Answer) =>
  ({ method, path, body, answer }) satisfies AgentCall<Body, Answer>;

/** A JSON object holding exactly one whole number within bounds. */
function wholeNumberBody<Field extends string>(field: Field, min: number, max: number) {
  const message = `Expected { "${field}": a whole number from ${min} to ${max} }`;
  return z.strictObject({ [field]: z.int({ error: message }).min(min).max(max) } as Record<Field, z.ZodInt>, { error: message });
}

/** The body of a cleanup: session days older than `days` days are removed. */
export const cleanupRequestSchema = wholeNumberBody('days', 0, 3650);
/** The body of a disk resize: the disk grew to `diskGb` (online, as a cloud volume does). */
export const diskRequestSchema = wholeNumberBody('diskGb', 1, 65536);

/**
 * The console's calls, each with an admin token (see tokens.ts). Stats are one
 * of them: how busy and how full an instance is is the console's business only.
 */
export const ADMIN_CALLS = {
  stats: call('GET', '/api/stats', null, agentStatsSchema),
  readConfig: call('GET', '/api/admin/config', null, agentConfigSchema),
  applyConfig: call('POST', '/api/admin/config', agentConfigChangeSchema, agentConfigSchema),
  cleanup: call('POST', '/api/admin/cleanup', cleanupRequestSchema, cleanupResultSchema),
  /** Copies the data folder to ../backups/<time>. */
  backup: call('POST', '/api/admin/backup', null, backupResultSchema),
  resizeDisk: call('POST', '/api/admin/disk', diskRequestSchema, diskResultSchema),
};

/** Anyone may ask, the console and its users' browsers (CORS for the console's origin), without credentials. */
export const HEALTH_CALL = call('GET', '/api/health', null, agentHealthSchema);

/** Where a user opens a console login token (`?token=`): the agent signs them in once and redirects to its home page. */
export const LOGIN_PATH = '/login';

/** The body a call carries (its schemas transform nothing, so what is sent is what is read). */
export type BodyOf<C extends AgentCall> = C['body'] extends z.ZodType ? z.infer<C['body']> : undefined;
export type AnswerOf<C extends AgentCall> = z.output<C['answer']>;
