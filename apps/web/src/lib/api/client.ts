import type { z } from 'zod';
import { API_PREFIX, authEndpoints, dataOf, endpointPath, errorBodySchema, type Endpoint, type HttpMethod, type QueryParams } from '@replay/contracts';
import { takeEarlyRead, takeEarlySessionAnswer, REFRESH_LOCK } from './early-session';
import { ApiError, BAD_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from './errors';
import { refreshLead, tokenExpiry } from './jwt';
import { tokenStore } from './token-store';

/**
 * How a call authenticates:
 * - 'required': Bearer token; renewed first when near expiry; a 401 is retried once
 *   after a refresh, then the auth-failure action runs.
 * - 'optional': the token is sent if there is one; a 401 is just an error (logout).
 * - 'none': public calls (login, signup, reset, public config).
 */
export type AuthMode = 'required' | 'optional' | 'none';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace the auth or content headers. */
  headers?: Record<string, string>;
  /** Reads the answer's headers, once it succeeded (the instances list's live position, say). */
  onHeaders?: (headers: Headers) => void;
}

/** Renew a token this close to its expiry before using it. */
const NEAR_EXPIRY_MS = 10_000;

let authFailureHandler: () => void = () => tokenStore.set(null);

/** The app registers what "the session is no longer valid" does (clear the token, go to login). */
export function setAuthFailureHandler(handler: () => void): () => void {
  authFailureHandler = handler;
  return () => {
    if (authFailureHandler === handler) authFailureHandler = () => tokenStore.set(null);
  };
}

export function runAuthFailure(): void {
  authFailureHandler();
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, [NETWORK_ERROR_MESSAGE]);
  }
}

async function parse<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const json = await readJson(res);
  if (!res.ok) {
    // The messages and the code are read apart: a body whose code this build does not know still shows its messages.
    const messages = errorBodySchema.shape.errors.safeParse((json as { errors?: unknown } | null)?.errors);
    const code = errorBodySchema.shape.code.safeParse((json as { code?: unknown } | null)?.code);
    throw new ApiError(res.status, messages.success ? messages.data : [], code.success ? code.data : null);
  }
  const parsed = dataOf(schema).safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, [BAD_RESPONSE_MESSAGE]);
  return (parsed.data as { data: z.output<S> }).data;
}

// ---- access token renewal -------------------------------------------------

let refreshing: Promise<string | null> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** The refresh call's answer: the one the page's loader got already, else a call now. */
async function refreshAnswer(): Promise<Response> {
  const early = await takeEarlySessionAnswer();
  if (early) return new Response(early.text || null, { status: early.status });
  return send(endpointPath(authEndpoints.refresh), { method: authEndpoints.refresh.method }, null);
}

async function doRefresh(): Promise<string | null> {
  let res: Response;
  try {
    res = await refreshAnswer();
  } catch {
    return null; // no answer: keep the current token, a later call tries again
  }
  try {
    const { jwt } = await parse(res, authEndpoints.refresh.response);
    tokenStore.set(jwt);
    return jwt;
  } catch {
    tokenStore.set(null); // spec: a failed refresh clears the token
    return null;
  }
}

/**
 * Other tabs of the console share the cookie: a Web Lock makes their refreshes
 * take turns, so each one sends the cookie the previous one was given.
 */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

/**
 * GET /api/refresh with the httpOnly cookie. Concurrent callers share one
 * request: the refresh cookie is single use, and presenting a used one
 * revokes the whole session.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (!refreshing) {
    refreshing = inTurn(doRefresh).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function schedule(token: string | null): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!token) return;
  const exp = tokenExpiry(token);
  if (exp === null) return;
  const remaining = exp - Date.now();
  const delay = Math.max(0, remaining - refreshLead(remaining));
  timer = setTimeout(() => {
    timer = null;
    if (tokenStore.get() === token) void refreshAccessToken();
  }, delay);
}

tokenStore.subscribe(() => schedule(tokenStore.get()));

/** The access token to send now: renewed first when near its expiry (null: signed out). */
export async function usableToken(): Promise<string | null> {
  const token = tokenStore.get();
  if (!token) return null;
  const exp = tokenExpiry(token);
  if (exp !== null && exp - Date.now() < NEAR_EXPIRY_MS) return (await refreshAccessToken()) ?? tokenStore.get();
  return token;
}

// ---- requests ---------------------------------------------------------------

/** One API call: `{ data }` parsed with `schema`, or an ApiError with the status and `errors`. */
export async function request<S extends z.ZodType>(path: string, schema: S, opts: RequestOptions = {}): Promise<z.output<S>> {
  const auth = opts.auth ?? 'required';
  const token = auth === 'none' ? null : auth === 'required' ? await usableToken() : tokenStore.get();
  // A page's first reads may have left with the page already (load-after-paint.js).
  const early = (opts.method ?? 'GET') === 'GET' ? takeEarlyRead(`${API_PREFIX}${path}`, token) : null;
  let res = (early && (await early)) ?? (await send(path, opts, token));
  if (res.status === 401 && auth === 'required') {
    const renewed = await refreshAccessToken();
    if (renewed) res = await send(path, opts, renewed);
    if (res.status === 401) runAuthFailure();
  }
  const data = await parse(res, schema);
  opts.onHeaders?.(res.headers);
  return data;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call of `E` sends: its path parameters, query and body, each when the endpoint has one. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: Input<E['params']> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> & QueryParams } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: never });

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/**
 * Calls an endpoint of the contracts: its method and path (parameters filled
 * in and encoded), its body, and its answer parsed with its response schema.
 * A public endpoint is called without the token unless the caller says otherwise.
 */
export function call<E extends Endpoint>(endpoint: E, input: CallInput<E>, opts: CallOptions = {}): Promise<z.output<E['response']>> {
  const { body } = input as { body?: unknown };
  const auth = opts.auth ?? (endpoint.guard === 'public' ? 'none' : 'required');
  return request(callPath(endpoint, input), endpoint.response, { ...opts, auth, method: endpoint.method, body }) as Promise<z.output<E['response']>>;
}

/** The API path a call of `endpoint` with `input` is sent to (under API_PREFIX), its query included. */
export function callPath<E extends Endpoint>(endpoint: E, input: CallInput<E>): string {
  const { params, query } = input as { params?: Record<string, string>; query?: QueryParams };
  return endpointPath(endpoint, params, query);
}
