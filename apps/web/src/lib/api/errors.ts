import { genericCodeOf, type ErrorCode } from '@replay/contracts';

/**
 * A non-OK answer (or no answer at all: status 0) with the server's messages and code.
 * An answer without a valid code (a proxy's page, a stub) gets its status's generic code
 * from the same table, so a screen always decides by code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly code: ErrorCode | null;

  constructor(status: number, messages: string[], code: ErrorCode | null = null) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.code = code ?? genericCodeOf(status);
  }
}

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected answer.';

/** What to show for a failure: the server's first message, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.messages.length > 0 && error.status !== 0) return error.messages[0] ?? fallback;
  return fallback;
}

/** Every message of a failure, for forms that list them all; the fallback when there are none. */
export function errorMessages(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.messages.length > 0 && error.status !== 0) return error.messages;
  return [fallback];
}

/** The server's machine-readable code of a failure: what screens decide by (never the message text). */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ApiError ? error.code : null;
}

/** Signed in, but not permitted: the screen shows 'Not allowed' and keeps the session. */
export function isForbidden(error: unknown): boolean {
  return errorCodeOf(error) === 'forbidden';
}

export function isNotFound(error: unknown): boolean {
  return errorCodeOf(error) === 'not_found';
}
