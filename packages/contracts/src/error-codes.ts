/**
 * Every error answer's machine-readable `code` and the one HTTP status it is sent with.
 * The server's AppError takes a code and reads its status here; the SPA decides by the
 * code (never by message text). A code is specific only where a client acts differently
 * on it; otherwise it is the generic code of its status (the first one listed for it).
 */
export const ERROR_CODE_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  unauthenticated: 401,
  session_expired: 401,
  billing_required: 402,
  /** The payment provider refused the card (unknown token, declined): its message says why. */
  card_refused: 402,
  /** The account's spend budget is used up and its hard stop is on: no new instance or size increase this period. */
  budget_exhausted: 402,
  forbidden: 403,
  /** The caller must choose a new password first (the account's `changePassword`): only the account and the change are open. */
  password_change_required: 403,
  /** The call needs a proof of identity from the last 5 minutes (POST /account/reauth), then the same call again. */
  fresh_proof_required: 403,
  /** The account requires a second factor the caller has not set up: only the account and the set-up are open. */
  mfa_enrolment_required: 403,
  not_found: 404,
  conflict: 409,
  instance_url_taken: 409,
  payload_too_large: 413,
  address_too_long: 414,
  unsupported_media_type: 415,
  misdirected: 421,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal: 500,
  health_check_failed: 500,
  /** The infrastructure instances run on (a Kubernetes API) cannot be reached or refused the console: try again later. */
  infrastructure_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

export function statusOfCode(code: ErrorCode): number {
  return ERROR_CODE_STATUS[code];
}

/** The generic code of a status (its first code in the table), or null for a status no answer uses. */
export function genericCodeOf(status: number): ErrorCode | null {
  return ERROR_CODES.find((code) => ERROR_CODE_STATUS[code] === status) ?? null;
}
