import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_CODE_STATUS, errorBodySchema, genericCodeOf } from '../src';

describe('the error code table', () => {
  it('gives every code an error status, and every status used a generic code of that status', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_CODE_STATUS[code];
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(ERROR_CODE_STATUS[genericCodeOf(status)!], code).toBe(status);
    }
    expect(genericCodeOf(418)).toBeNull();
  });

  it('requires a known code beside the messages in every error body', () => {
    expect(errorBodySchema.safeParse({ errors: ['Nope.'], code: 'forbidden' }).success).toBe(true);
    expect(errorBodySchema.safeParse({ errors: ['Nope.'] }).success).toBe(false);
    expect(errorBodySchema.safeParse({ errors: ['Nope.'], code: 'no_such_code' }).success).toBe(false);
  });
});
