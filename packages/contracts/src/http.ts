import { z } from 'zod';

/** Every failure body: the client shows errors[0], else the spec's fallback text. */
export const errorBodySchema = z.object({ errors: z.array(z.string()).min(1) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every success body wraps its payload in `data`. */
export function dataOf<T extends z.ZodType>(payload: T) {
  return z.object({ data: payload });
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error.';
export const API_PREFIX = '/api';
