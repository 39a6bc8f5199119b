import { vi } from 'vitest';
import { ERROR_CODE_STATUS, SESSION_HINT_COOKIE, genericCodeOf, type ErrorCode } from '@replay/contracts';

export interface StubRequest {
  method: string;
  path: string;
  /** The query string, `?` included ('' without one). */
  search: string;
  body: unknown;
  authorization: string | null;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
}

type Handler = StubResponse | ((req: StubRequest) => StubResponse | Promise<StubResponse>);

/** The server's session hint cookie in this browser (jsdom), as a sign-in or a logout leaves it. */
export function setSessionHint(present: boolean): void {
  document.cookie = present ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

/**
 * Replaces the global fetch (the network boundary) with canned answers keyed
 * 'METHOD /api/path'. Unknown calls answer 404 `{ errors, code }`; every call is recorded.
 * A stubbed 'GET /api/refresh' stands for a browser holding a refresh cookie (valid or
 * not): the server's session hint is set with it, so the app's start-up asks for a token.
 */
export function stubApi(handlers: Record<string, Handler>) {
  setSessionHint('GET /api/refresh' in handlers);
  const calls: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const req: StubRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(req);
    const handler = handlers[`${req.method} ${req.path}`];
    const answer = typeof handler === 'function' ? await handler(req) : (handler ?? failWith('not_found', 'Not found.'));
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    fetch: fetchStub,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export const ok = (data: unknown): StubResponse => ({ status: 200, body: { data } });
/** The server's answer for a status: its messages with the status's generic code, as the console sends them. */
export const fail = (status: number, ...errors: string[]): StubResponse => ({
  status,
  body: errors.length ? { errors, code: genericCodeOf(status) ?? undefined } : undefined,
});
/** An answer with a specific code, sent with the status the code table gives it. */
export const failWith = (code: ErrorCode, ...errors: string[]): StubResponse => ({
  status: ERROR_CODE_STATUS[code],
  body: { errors, code },
});

/** A browser whose refresh cookie opens a session for `account` (an account without instances, unless `handlers` say otherwise). */
export function stubSignedIn(account: unknown, jwt: string, handlers: Record<string, Handler> = {}) {
  return stubApi({
    'GET /api/refresh': ok({ jwt }),
    'GET /api/account': ok(account),
    'GET /api/logout': ok({ ok: true }),
    // Signing in lands on the instances list, which reads them.
    'GET /api/managed-saas/instances': ok({ instances: [], total: 0 }),
    // The header's bell asks on every screen.
    'GET /api/notifications/count': ok({ count: 0 }),
    ...handlers,
  });
}
