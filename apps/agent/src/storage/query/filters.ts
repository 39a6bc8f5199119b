import { HttpError } from '../../http.ts';

/**
 * The session list's query string, read strictly: an unknown or repeated parameter, or a value
 * out of its range, is a 400 naming it, and nothing is read from the index.
 *
 *   from, to           start of the session, ms since 1970 or an ISO 8601 time: from ≤ start < to
 *   durationOp         '<' or '>', with durationSec (whole seconds); a count of 0 filters nothing
 *                      (the session settings' default, '<' 0 sec, means every duration)
 *   userId             exactly this user id
 *   page               a visited page's address contains this (case-insensitive)
 *   hasErrors          'true' or 'false'
 *   meta               key=value, repeatable (each must hold)
 *   projectId          repeatable; empty for the account key's batches (no project)
 *   limit              1 to 100 (default 50); cursor: the nextCursor of the page before
 */

export interface SessionFilter {
  from?: number;
  to?: number;
  duration?: { op: '<' | '>'; ms: number };
  userId?: string;
  page?: string;
  hasErrors?: boolean;
  meta: [string, string][];
  projectIds?: (string | null)[];
  limit: number;
  cursor?: { startedAt: number; id: string };
}

const SINGLE = ['from', 'to', 'durationOp', 'durationSec', 'userId', 'page', 'hasErrors', 'limit', 'cursor'];
const REPEATABLE = ['meta', 'projectId'];
const MAX_REPEATS = 20;
const MAX_TEXT = 2048;
const MAX_DURATION_SEC = 366 * 24 * 60 * 60;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const bad = (message: string): HttpError => new HttpError(400, message);

function time(name: string, value: string): number {
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : ISO_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isSafeInteger(ms)) throw bad(`${name} must be a time: milliseconds since 1970 or ISO 8601 (2026-01-31T12:00:00Z)`);
  return ms;
}

function text(name: string, value: string): string {
  if (value.length === 0 || value.length > MAX_TEXT) throw bad(`${name} must be 1 to ${MAX_TEXT} characters`);
  return value;
}

export const encodeCursor = (startedAt: number, id: string): string => Buffer.from(JSON.stringify([startedAt, id])).toString('base64url');

function decodeCursor(value: string): { startedAt: number; id: string } {
  try {
    const [startedAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (Number.isSafeInteger(startedAt) && typeof id === 'string' && id.length <= 64) return { startedAt: startedAt as number, id };
  } catch {
    // Reported below, as any other cursor that is not one this agent gave.
  }
  throw bad('cursor must be the nextCursor of an earlier page');
}

function duration(op: string | null, sec: string | null): SessionFilter['duration'] {
  if (op === null && sec === null) return undefined;
  if (op !== '<' && op !== '>') throw bad("durationOp must be '<' or '>', given with durationSec");
  if (sec === null || !/^\d{1,9}$/.test(sec) || Number(sec) > MAX_DURATION_SEC) throw bad(`durationSec must be whole seconds, 0 to ${MAX_DURATION_SEC}, given with durationOp`);
  return Number(sec) === 0 ? undefined : { op, ms: Number(sec) * 1000 };
}

function meta(value: string): [string, string] {
  const at = value.indexOf('=');
  if (at < 1 || at > 100 || value.length > MAX_TEXT) throw bad('meta must be key=value, the key 1 to 100 characters');
  return [value.slice(0, at), value.slice(at + 1)];
}

export function parseFilter(params: URLSearchParams): SessionFilter {
  for (const name of new Set(params.keys())) {
    if (!SINGLE.includes(name) && !REPEATABLE.includes(name)) throw bad(`Unknown parameter ${name}: use ${[...SINGLE, ...REPEATABLE].join(', ')}`);
    const count = params.getAll(name).length;
    if (SINGLE.includes(name) && count > 1) throw bad(`${name} may be given once`);
    if (count > MAX_REPEATS) throw bad(`${name} may be given at most ${MAX_REPEATS} times`);
  }
  const get = (name: string) => params.get(name);
  const filter: SessionFilter = { meta: params.getAll('meta').map(meta), limit: 50 };
  if (get('from') !== null) filter.from = time('from', get('from')!);
  if (get('to') !== null) filter.to = time('to', get('to')!);
  if (filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to) throw bad('from must be before to');
  filter.duration = duration(get('durationOp'), get('durationSec'));
  if (get('userId') !== null) filter.userId = text('userId', get('userId')!);
  if (get('page') !== null) filter.page = text('page', get('page')!);
  const hasErrors = get('hasErrors');
  if (hasErrors !== null && hasErrors !== 'true' && hasErrors !== 'false') throw bad("hasErrors must be 'true' or 'false'");
  if (hasErrors !== null) filter.hasErrors = hasErrors === 'true';
  if (params.has('projectId')) filter.projectIds = params.getAll('projectId').map((id) => (id === '' ? null : text('projectId', id)));
  const limit = get('limit');
  if (limit !== null && (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)) throw bad('limit must be 1 to 100');
  if (limit !== null) filter.limit = Number(limit);
  if (get('cursor') !== null) filter.cursor = decodeCursor(get('cursor')!);
  return filter;
}
