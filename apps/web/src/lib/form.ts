import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each top-level field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Validates `values` with a contracts schema: the parsed data, or the errors per field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { data: result.data, errors: null } : { data: null, errors: fieldErrors(result.error) };
}
