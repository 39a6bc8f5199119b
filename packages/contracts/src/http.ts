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
export const API_PREFIX = '/api';
