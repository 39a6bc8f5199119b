import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/**
 * Every failure body: the client shows errors[0], else the spec's fallback text; `code`
 * (a key of ERROR_CODE_STATUS, sent with its status) is what a client decides by.
 */
export const errorBodySchema = z.object({ errors: z.array(z.string()).min(1), code: z.enum(ERROR_CODES) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every success body wraps its payload in `data`. */
export function dataOf<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error.';
/** Said when the infrastructure instances run on does not answer the console (the details go to the operators' log). */
export const INFRASTRUCTURE_UNAVAILABLE_MESSAGE = 'The infrastructure that runs instances cannot be reached right now. Try again in a few minutes.';
export const API_PREFIX = '/api';
