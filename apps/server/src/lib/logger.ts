import { pino, type Logger, type LoggerOptions } from 'pino';
import { logSerializers } from './log-safety';

export type { Logger };

/** Headers and body fields that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.oldPassword', '*.newPassword', '*.token', '*.jwt', '*.cardToken'];

/** The options of every logger of the console: the requests' (Fastify's) and the process's. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: logSerializers };
}

/**
 * The logger of work done outside a request (jobs, start-up, the database pool,
 * the job queue): JSON lines on stdout, redacted like the requests' log.
 */
export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
