import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type Io } from '../src/index';

export interface Call {
  method: string;
  /** Where it was sent: scheme, host and port. */
  origin: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** An answer of the fake console: a status and a JSON body, or text (a file), or a thrown error: unreachable. */
export type Reply = { status: number; body?: unknown } | Error;
export type Route = (call: Call) => Reply | undefined;

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
export const refusal = (status: number, message: string, code = 'error'): Reply => ({ status, body: { errors: [message], code } });

/**
 * `replay` run in-process against a fake console: routes answer by method and path, in order;
 * the clock moves only when the CLI sleeps, so waits run instantly and deterministically.
 */
export function harness(opts: { routes?: Route[]; env?: Record<string, string> } = {}) {
  const calls: Call[] = [];
  const home = mkdtempSync(join(tmpdir(), 'replay-cli-test-'));
  let clock = 1_700_000_000_000;
  const sleeps: number[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = { method: request.method, origin: url.origin, path: url.pathname, query: url.searchParams, headers: request.headers, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    for (const route of opts.routes ?? []) {
      const reply = route(call);
      if (reply instanceof Error) throw reply;
      if (reply && typeof reply.body === 'string') return new Response(reply.body, { status: reply.status, headers: { 'content-type': 'application/jsonl' } });
      if (reply) return new Response(JSON.stringify(reply.body ?? {}), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ errors: ['Not found.'], code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  };
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    env: { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), REPLAY_URL: 'http://console.test', REPLAY_API_KEY: 'rck_test', ...opts.env },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    interactive: false,
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return {
    io,
    calls,
    sleeps,
    home,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    run: (...argv: string[]) => run(argv, io),
  };
}

/** A route answering `method path` (path parameters written as `*`). */
export function on(method: string, pattern: string, reply: Reply | ((call: Call) => Reply)): Route {
  const re = new RegExp(`^${pattern.replace(/[.?+]/g, '\\$&').replace(/\*/g, '[^/]+')}$`);
  return (call) => (call.method === method && re.test(call.path) ? (typeof reply === 'function' ? reply(call) : reply) : undefined);
}

export function instance(overrides: Record<string, unknown> = {}) {
  return {
    instanceId: '11111111-1111-4111-8111-111111111111',
    name: 'Production',
    status: 'running',
    inProgress: false,
    provider: 'aws',
    region: 'us-east-1',
    regionLabel: 'US East (N. Virginia)',
    size: 'small',
    url: 'production',
    instanceUrl: 'http://localhost:4100',
    version: '4.2',
    healthy: true,
    isProtected: false,
    createdAt: 1_700_000_000_000,
    failure: null,
    ...overrides,
  };
}
