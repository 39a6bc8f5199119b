import { AUTH_MESSAGES, statusOfCode, type ErrorCode } from '@replay/contracts';

/**
 * The one error type services throw. The code goes to the client beside the messages
 * (`{ errors, code }`) and fixes the wire status through the contracts' table, so a
 * status is never chosen at a throw site; the messages must be safe to show.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages[0]);
    this.status = statusOfCode(code);
  }
}

export const badRequest = (...m: string[]) => new AppError('bad_request', m);
export const unauthorized = (m = 'Authentication required.') => new AppError('unauthenticated', [m]);
/** A 401 the SPA can tell apart from "never signed in": the session it had is over. */
export const sessionExpired = () => new AppError('session_expired', [AUTH_MESSAGES.sessionExpired]);
export const forbidden = (m = "You don't have the necessary permissions to access this feature. Please check with your admin.") => new AppError('forbidden', [m]);
/** A caller whose password must change first (see Endpoint.duringPasswordChange). */
export const passwordChangeRequired = () => new AppError('password_change_required', [AUTH_MESSAGES.passwordChangeRequired]);
/** A caller whose account requires a second factor they have not set up (see Endpoint.duringMfaEnrolment). */
export const mfaEnrolmentRequired = () => new AppError('mfa_enrolment_required', [AUTH_MESSAGES.mfaEnrolmentRequired]);
export const notFound = (m = 'Not found.') => new AppError('not_found', [m]);
export const conflict = (...m: string[]) => new AppError('conflict', m);
export const tooManyRequests = (m: string, retryAfterSeconds: number) => new AppError('rate_limited', [m], { 'retry-after': String(retryAfterSeconds) });
