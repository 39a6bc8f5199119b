import type { z } from 'zod';
import type { ErrorCode } from './error-codes';
import type { Guard } from './permissions';
import { buildPath, type QueryParams } from './routes';

/**
 * One API call, declared once: the server registers it from this (method, path,
 * guard, schemas, audit label) and the SPA calls it from this, so no path,
 * schema or label is written on both sides.
 */

/** PATCH only for SCIM's calls (RFC 7644 asks for it); the console's own calls use the other four. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What the audit trail does with a call. A change (POST, PUT, DELETE) is
 * recorded unless it says `unrecorded` and why (a search with a body,
 * telemetry); a GET is recorded only when it declares a label (it hands out
 * a credential or changes something).
 */
export type AuditDeclaration =
  | {
      /** What the trail's Action column shows. */
      label: string;
      /** The path parameter naming the instance the call is about, for the trail's instance filter. */
      instanceParam?: string;
    }
  | { unrecorded: string };

export interface Endpoint {
  method: HttpMethod;
  /** Under /api; parameters written `:name`. */
  path: string;
  guard: Guard;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The payload under `data`. */
  response: z.ZodType;
  /** The success status (200 unless it creates; 204 only for SCIM's DELETE, which answers no body). */
  status?: 200 | 201 | 204;
  /**
   * SCIM's wire (RFC 7644) instead of the console's: the answer is the resource itself (no
   * `data`), as `application/scim+json`, and an error's body carries SCIM's fields
   * (`schemas`, `status`, `scimType`, `detail`) beside the console's `errors` and `code`.
   */
  scim?: true;
  /**
   * A file answered as bytes of this media type instead of `{ data }` (an invoice's PDF);
   * `response` then describes it for the API's documentation only.
   */
  file?: string;
  /**
   * Answers a Server-Sent Events stream (`text/event-stream`) that stays open, instead of
   * `{ data }`; `response` then describes one message's data. Errors before the stream opens
   * (401, 403, 400) are the wire's usual `{ errors, code }`.
   */
  eventStream?: true;
  /** Headers a successful answer carries besides the body, by name: what each says (the API's documentation). */
  answerHeaders?: Record<string, string>;
  audit?: AuditDeclaration;
  /**
   * Open to a caller who must change their password first (the account's `changePassword`):
   * reading the account and changing the password. Every other guarded call answers 403
   * `password_change_required` until the password is changed.
   */
  duringPasswordChange?: true;
  /**
   * Open to a member of an account that requires a second factor they have not set up yet:
   * reading the account and setting the factor up. Every other guarded call answers 403
   * `mfa_enrolment_required` until it is set up.
   */
  duringMfaEnrolment?: true;
  /**
   * For people only: an API key calling it is refused (403) even when its role holds the
   * permission (managing keys, signing into an instance as oneself). Routes guarded 'authenticated' are a person's own
   * (profile, password, sessions, notifications) and refuse keys without saying so.
   */
  peopleOnly?: true;
  /** The API document's one-line summary; without it, the audit label (or a phrase made of the endpoint's name). */
  summary?: string;
  /** The API document's longer text about the call (Markdown). */
  description?: string;
  /**
   * Error codes this call answers beyond those its declaration implies (input → 400, a guard →
   * 401/403, a path id → 404, a create → 422 idempotency_mismatch, a key's rate → 429): the
   * API document lists them (openapi.ts).
   */
  errors?: readonly ErrorCode[];
  /**
   * A create that answers 200 (the others answer 201), or a save that creates when it names no
   * id: it too honours an Idempotency-Key (docs/API.md). Every create does; see `isCreate`.
   */
  creates?: true;
  /**
   * Deprecated (docs/API.md): the date it was deprecated and the date it stops answering (ISO
   * dates, at least six months apart). Its answers carry the Deprecation and Sunset headers and the
   * API document marks it `deprecated`.
   */
  deprecated?: { since: string; sunset: string };
}

/** Declares an endpoint, keeping its literal types (so both sides infer params, body and answer). */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** Input the path of `E` needs: its parameters when it has any. */
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;

/** The address of a call: the path with its parameters filled in (each encoded) and the query appended. */
export function endpointPath(definition: Pick<Endpoint, 'path'>, params?: Record<string, string | number>, query?: QueryParams): string {
  const path = definition.path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${definition.path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
  return buildPath(path, { query });
}

/**
 * Whether the call creates something, so honours an Idempotency-Key: a guarded POST or PUT that
 * answers 201, or says it `creates`. A public one (sign-up) has no caller to key the request by.
 */
export function isCreate(definition: Pick<Endpoint, 'method' | 'status' | 'creates' | 'guard'>): boolean {
  const changes = definition.method === 'POST' || definition.method === 'PUT';
  // SCIM has its own idempotence (a create of a taken userName is 409 uniqueness); providers send no Idempotency-Key.
  return changes && definition.guard !== 'public' && definition.guard !== 'scim' && (definition.status === 201 || definition.creates === true);
}

/** Whether the audit trail records a call of this endpoint. */
export function isRecorded(definition: Pick<Endpoint, 'method' | 'audit'>): boolean {
  if (definition.audit && 'unrecorded' in definition.audit) return false;
  if (definition.method === 'GET') return definition.audit !== undefined;
  return true;
}

/** What the trail's Action column shows for a call of this endpoint: its label, else `METHOD path`. */
export function auditLabelOf(definition: Pick<Endpoint, 'method' | 'path' | 'audit'>): string {
  return definition.audit && 'label' in definition.audit ? definition.audit.label : `${definition.method} ${definition.path}`;
}
