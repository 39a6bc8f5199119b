/** A non-OK answer (or no answer at all: status 0) with the server's messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];

  constructor(status: number, messages: string[]) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
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

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
