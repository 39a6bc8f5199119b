import { expect } from 'vitest';
import { ERROR_CODE_STATUS, errorBodySchema } from '@replay/contracts';

/**
 * The wire rule for every error answer, checked in one place: a status of 400 or more has
 * the body `{ errors: [...], code }` of the contracts' schema, and its code is sent with
 * the status the code table gives it. Success answers pass untouched.
 */
export function expectErrorAnswerShape(res: { statusCode: number; body: string }, seen = `${res.statusCode} ${res.body.slice(0, 300)}`) {
  if (res.statusCode < 400) return;
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = res.body;
  }
  const parsed = errorBodySchema.safeParse(json);
  expect(parsed.success, `error body not of the schema: ${seen}`).toBe(true);
  if (parsed.success) expect(ERROR_CODE_STATUS[parsed.data.code], `code's status: ${seen}`).toBe(res.statusCode);
}
