import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

/**
 * A typed client of the console's API: openapi-fetch over the types openapi-typescript
 * generates from the server's OpenAPI document (src/schema.d.ts, `npm run client:generate`).
 * Calls are named by path and method, as the document has them:
 *
 *   const replay = createReplayClient({ baseUrl: 'https://console.example.com', token: 'rck_…' });
 *   const list = await unwrap(replay.GET('/api/managed-saas/instances', { params: { query: { limit: 50 } } }));
 */
export type { paths } from './schema';
export type ReplayClient = Client<paths>;

export interface ReplayClientOptions {
  /** The console's address, e.g. https://console.example.com (paths start with /api). */
  baseUrl: string;
  /** An API key's secret (`rck_…`) or a person's access token, sent as `Authorization: Bearer`. */
  token: string;
  /** For tests and proxies; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** Sent as User-Agent, so the console's logs can tell the caller. */
  userAgent?: string;
}

export function createReplayClient(opts: ReplayClientOptions): ReplayClient {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.userAgent) headers['user-agent'] = opts.userAgent;
  return createClient<paths>({ baseUrl: opts.baseUrl.replace(/\/+$/, ''), headers, fetch: opts.fetch });
}

/** A refusal of the console: its status, its error code and messages (the body every failure has). */
export class ReplayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly messages: readonly string[],
  ) {
    super(messages[0] ?? `The console answered ${status}.`);
    this.name = 'ReplayApiError';
  }
}

type Answer = { data?: unknown; error?: unknown; response: Response };
/** The payload of a success body (`{ data }`). */
export type PayloadOf<A extends Answer> = NonNullable<A['data']> extends { data: infer T } ? T : NonNullable<A['data']>;

/** The payload of a call's answer, or a ReplayApiError with what the console said. */
export async function unwrap<A extends Answer>(call: Promise<A>): Promise<PayloadOf<A>> {
  const answer = await call;
  if (answer.response.ok && answer.error === undefined) {
    const body = answer.data as { data?: unknown } | undefined;
    return (body && typeof body === 'object' && 'data' in body ? body.data : body) as PayloadOf<A>;
  }
  const error = (answer.error ?? {}) as { errors?: unknown; code?: unknown };
  const messages = Array.isArray(error.errors) ? error.errors.filter((m): m is string => typeof m === 'string') : [];
  return Promise.reject(new ReplayApiError(answer.response.status, typeof error.code === 'string' ? error.code : undefined, messages));
}
