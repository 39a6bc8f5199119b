import type { z } from 'zod';
import type { Guard } from './permissions';
import { buildPath, type QueryParams } from './routes';

/**
 * One API call, declared once: the server registers it from this (method, path,
 * guard, schemas, audit label) and the SPA calls it from this, so no path,
 * schema or label is written on both sides.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** The success status (200 unless it creates). */
  status?: 200 | 201;
  /**
   * A file answered as bytes of this media type instead of `{ data }` (an invoice's PDF);
   * `response` then describes it for the API's documentation only.
   */
  file?: string;
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
