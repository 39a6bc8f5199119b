import { ERROR_CODES, ERROR_CODE_STATUS, type ErrorCode } from '../error-codes';
import { isCreate, type Endpoint } from '../endpoint';
import { isInstanceEndpoint } from '../permission-viewer';
import { COMPONENTS_PREFIX } from './components';

/** What each code means to a client, for the document's error responses. */
const CODE_MEANINGS: Record<ErrorCode, string> = {
  validation_failed: 'a parameter or the body broke its schema (each message names the field)',
  bad_request: 'the request is malformed (not JSON, a bad address)',
  unauthenticated: 'no credential, or an API key that is unknown, revoked or expired',
  session_expired: 'the session token expired or was revoked: refresh it (GET /api/refresh) or sign in again',
  billing_required: 'the account must add its billing details first',
  card_refused: 'the payment provider refused the card',
  budget_exhausted: 'the spend budget is used up and its hard stop is on: no new instance or size increase this month',
  forbidden: "the caller's role lacks the permission, the call is for people only (an API key called it), or the key's IP access list refuses this address",
  password_change_required: 'the person must change their password first (POST /api/account/password)',
  fresh_proof_required:
    'the call needs a proof of identity from the last 5 minutes: POST /api/account/reauth with the password, a two-factor code or a passkey (its challenge from POST /api/account/reauth/webauthn-options), then call again',
  mfa_enrolment_required:
    'the account requires a second factor and this person has none yet: set one up first (an authenticator app, POST /api/account/mfa/totp, or a passkey, POST /api/account/mfa/webauthn)',
  not_found: 'no such resource in the caller’s account (another account’s id is not found too)',
  conflict: "the resource's state refuses the change now (a change in progress, a name taken), or a request with the same Idempotency-Key is still running",
  instance_url_taken: 'another instance has this address',
  payload_too_large: 'the body is larger than the limit (1 MiB)',
  address_too_long: 'a part of the address is too long',
  unsupported_media_type: 'the body is not application/json',
  misdirected: 'the request reached the wrong host',
  idempotency_mismatch: 'the Idempotency-Key was used within 24 hours for a different request',
  rate_limited: 'too many requests: wait the Retry-After seconds',
  internal: 'an unexpected failure (the request id in X-Request-Id finds it in the logs)',
  health_check_failed: 'the health check failed',
  infrastructure_unavailable: 'the infrastructure the instance runs on did not answer (a cluster unreachable or refusing the console): try again later; the instance is unchanged',
};

const HAS_PATH_ID = /:[A-Za-z_]/;

/** Whether an API key may make the call (mirrors the server's access decision). */
export function openToKeys(e: Pick<Endpoint, 'guard' | 'peopleOnly'>): boolean {
  return e.guard !== 'public' && e.guard !== 'authenticated' && e.guard !== 'operator' && e.guard !== 'scim' && !e.peopleOnly;
}

/**
 * The error codes a call can answer, derived from its declaration: a malformed address or
 * input → 400 (and 413/415 with a body), a guard → 401 and 403, an id in the path → 404, a change → 409, a create →
 * 422 (its Idempotency-Key), a call about one instance → 503 (its infrastructure), a key's rate or a public change's abuse limit → 429, and the
 * codes it declares itself; every call may answer 500.
 */
export function errorCodesOf(e: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const guarded = e.guard !== 'public';
  if (e.params || e.query || e.body || e.headers || isCreate(e)) codes.add('validation_failed');
  // The router refuses a malformed address before any route runs, whichever it was meant for.
  codes.add('bad_request');
  if (e.body) {
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  // An operator's call (and a SCIM call) knows only its token: right, or 401.
  if (guarded) codes.add('unauthenticated');
  if (guarded && e.guard !== 'operator' && e.guard !== 'scim') {
    codes.add('session_expired');
    if (typeof e.guard === 'object' || e.peopleOnly) codes.add('forbidden');
    if (!e.duringPasswordChange) codes.add('password_change_required');
    if (!e.duringMfaEnrolment) codes.add('mfa_enrolment_required');
  }
  if (HAS_PATH_ID.test(e.path)) codes.add('not_found');
  if (guarded && e.method !== 'GET') codes.add('conflict');
  if (isCreate(e)) codes.add('idempotency_mismatch');
  if (openToKeys(e) || (!guarded && e.method !== 'GET')) codes.add('rate_limited');
  // A call about one instance may reach its infrastructure (the Kubernetes driver), which may not answer.
  if (guarded && isInstanceEndpoint(e)) codes.add('infrastructure_unavailable');
  for (const code of e.errors ?? []) codes.add(code);
  codes.add('internal');
  return [...codes];
}

/** The codes by their HTTP status, in the table's order. */
export function byStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of codes) grouped.set(ERROR_CODE_STATUS[code], [...(grouped.get(ERROR_CODE_STATUS[code]) ?? []), code]);
  return new Map([...grouped].sort(([a], [b]) => a - b));
}

/** The wire's error body, the document's one `ErrorEnvelope` component: every error response refers to it. */
export const ERROR_ENVELOPE = {
  type: 'object',
  required: ['errors', 'code'],
  properties: {
    errors: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'What went wrong, for people; show the first.' },
    code: { type: 'string', enum: [...ERROR_CODES], description: 'What a client decides by (never the message text).' },
  },
};
export const ERROR_ENVELOPE_NAME = 'ErrorEnvelope';

/** One status's error response: the wire's error body, its code narrowed to those a call can send under it. */
function errorResponse(status: number, codes: readonly ErrorCode[]) {
  const response: Record<string, unknown> = {
    description: codes.map((code) => `\`${code}\`: ${CODE_MEANINGS[code]}`).join('; '),
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: COMPONENTS_PREFIX + ERROR_ENVELOPE_NAME }], required: ['code'], properties: { code: { enum: [...codes] } } },
        example: { errors: [exampleMessage(codes[0]!)], code: codes[0] },
      },
    },
  };
  if (status === 429) response.headers = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } };
  return response;
}

/** `['unauthenticated', 'session_expired']` → `UnauthenticatedOrSessionExpired` */
const responseName = (codes: readonly ErrorCode[]) => codes.map((code) => code.replace(/(^|_)([a-z])/g, (_m, _sep, c: string) => c.toUpperCase())).join('Or');

/**
 * The document's error responses (`components.responses`): one per list of codes, which
 * names it and gives its status, so the calls that answer the same refusals `$ref` one
 * response instead of each writing it out.
 */
export class ErrorResponses {
  private readonly responses: Record<string, unknown> = {};

  /** A `$ref` to the response for `codes` (all of one status), made the first time it is asked. */
  ref(status: number, codes: readonly ErrorCode[]): { $ref: string } {
    const name = responseName(codes);
    this.responses[name] ??= errorResponse(status, codes);
    return { $ref: `#/components/responses/${name}` };
  }

  /** The responses, sorted by name (the document stays deterministic). */
  sorted(): Record<string, unknown> {
    return Object.fromEntries(
      Object.keys(this.responses)
        .sort()
        .map((name) => [name, this.responses[name]]),
    );
  }
}

function exampleMessage(code: ErrorCode): string {
  const meaning = CODE_MEANINGS[code];
  return meaning.charAt(0).toUpperCase() + meaning.slice(1) + '.';
}
