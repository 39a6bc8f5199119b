import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What the console's logs may say about a request and an error. Logs are
 * read by more people, and kept longer, than the database: no token, no
 * query parameter and no value bound into a SQL statement goes there.
 */

/** A route parameter named like this carries a secret (the invitation link's `:token`). */
const SECRET_PARAM = /token|secret|jwt|password/i;
const REDACTED = '[redacted]';

/**
 * The path of a request as a log line shows it: never the query string (the
 * reset and invitation pages get their token there, the `?iframe` mode its
 * jwt), and a path segment the route names as a secret parameter replaced.
 */
export function pathForLog(url: string, routePattern: string | undefined): string {
  const path = url.split('?')[0] || '/';
  const pattern = routePattern?.split('/') ?? [];
  if (!pattern.some((segment) => segment.startsWith(':') && SECRET_PARAM.test(segment))) return path;
  const segments = path.split('/');
  // A path that does not line up with its pattern is logged as the pattern: it holds no value at all.
  if (segments.length !== pattern.length) return routePattern!;
  return segments.map((segment, i) => (pattern[i]!.startsWith(':') && SECRET_PARAM.test(pattern[i]!) ? REDACTED : segment)).join('/');
}

/** Fastify's `req` serializer, minus the query string and secret path segments. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: pathForLog(request.url, request.routeOptions?.url),
    host: request.headers?.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of an error that name what failed without carrying data: Node and
 * Fastify codes, PostgreSQL's code, constraint, table and column, and the local
 * driver's `logFile` (where an agent that failed to start wrote why: for the
 * operator's log, never in a message a member reads). Left
 * out on purpose: `params` (DrizzleQueryError and PGlite errors carry every
 * bound value, password hashes included), `detail` (PostgreSQL's
 * "Key (email)=(…) already exists."), `where`, `hint` and anything else.
 */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'logFile'] as const;
const MAX_CAUSES = 3;

function safeMessage(err: Error): string {
  // Drizzle writes the bound values into the message itself ("…\nparams: …").
  if (err instanceof DrizzleQueryError) return `Failed query: ${err.query}`;
  return err.message;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error as a log line shows it: type, message, stack frames, safe fields and causes (never the values above). */
export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: typeof err === 'string' ? err : 'A value that is not an Error was thrown.', stack: '' };
  }
  const type = err.constructor?.name || err.name;
  const message = safeMessage(err);
  // The stack repeats the original message; only its frames are kept.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of SAFE_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = errorForLog(err.cause, depth + 1);
  return out;
}

/** Serializers for every logger of the console (see loggerOptions in lib/logger.ts). */
export const logSerializers = {
  req: requestForLog,
  err: (value: unknown) => errorForLog(value),
  error: (value: unknown) => errorForLog(value),
  cause: (value: unknown) => errorForLog(value),
};
