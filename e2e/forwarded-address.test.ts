import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, DAY_MS } from '@replay/contracts';
import { freePort } from '../apps/server/src/lib/free-port';
import { BEHIND_BALANCER_ENV, startBalancer, type Balancer } from './support/load-balancer';
import { startConsole, type ConsoleServer } from './support/server';

/**
 * Issue 42, point 1: a client behind the documented balancer cannot choose its own address.
 * Debian's HAProxy runs deploy/haproxy/haproxy.cfg (only its addresses changed) in front of a
 * header-echoing server, to show what the configuration hands on, and in front of a real
 * console told what the documentation tells it (TRUST_PROXY=1), to show what the console makes
 * of a forged header: the per-address limits and an API key's IP access list see the real
 * client (127.0.0.1 here), whatever it writes. Needs no PostgreSQL: one embedded console.
 */

const FORGED = { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7', 'x-real-ip': '203.0.113.7' };

let echo: Server;
let echoBalancer: Balancer | undefined;
let consoleBalancer: Balancer | undefined;
let server: ConsoleServer | undefined;

beforeAll(async () => {
  const taken = new Set<number>();
  const take = async () => {
    const port = await freePort(taken);
    taken.add(port);
    return port;
  };
  const [echoPort, echoBalancerPort, consolePort, balancerPort] = [await take(), await take(), await take(), await take()];
  echo = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));
  await new Promise<void>((resolve) => echo.listen(echoPort, '127.0.0.1', resolve));
  echoBalancer = await startBalancer([{ name: 'echo', port: echoPort }], echoBalancerPort);
  server = await startConsole({ env: { ...BEHIND_BALANCER_ENV, HOST: '127.0.0.1', PORT: String(consolePort), PUBLIC_URL: `http://127.0.0.1:${balancerPort}` } });
  consoleBalancer = await startBalancer([{ name: 'console1', port: consolePort }], balancerPort);
}, 120_000);

afterAll(async () => {
  await echoBalancer?.stop();
  await consoleBalancer?.stop();
  await new Promise((resolve) => echo?.close(resolve));
  await server?.stop();
  server?.dispose();
});

async function api(method: string, path: string, opts: { headers?: Record<string, string>; body?: object } = {}) {
  const res = await fetch(`${consoleBalancer!.url}/api${path}`, {
    method,
    headers: { ...opts.headers, ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (text ? JSON.parse(text) : null) as { data?: Record<string, unknown>; errors?: string[] } | null };
}

async function signUp(email: string): Promise<string> {
  const res = await api('POST', '/signup', { body: { fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', email, password: 'Str0ng!Passw0rd' } });
  expect(res.status).toBe(201);
  return res.body!.data!.jwt as string;
}

/** A key of a new role that may list instances, usable only from `ipAccessList`. */
async function keyFrom(jwt: string, ipAccessList: string[]): Promise<string> {
  const bearer = { authorization: `Bearer ${jwt}` };
  const role = await api('PUT', '/client/roles', { headers: bearer, body: { name: `Lister ${ipAccessList.join(' ')}`, permissions: ['VIEW_INSTANCES'], allInstances: true, instances: [] } });
  expect(role.status).toBeLessThan(300);
  const key = await api('POST', '/client/api-keys', {
    headers: bearer,
    body: { name: `From ${ipAccessList.join(' ')}`, roleId: role.body!.data!.roleId, expiresAt: Date.now() + 30 * DAY_MS, ipAccessList },
  });
  expect(key.status).toBe(201);
  return key.body!.data!.secret as string;
}

describe('behind the documented HAProxy, with a forged X-Forwarded-For', () => {
  it('HAProxy hands on the connection’s source alone: the client’s X-Forwarded-For is replaced, its Forwarded and X-Real-IP dropped', async () => {
    const res = await fetch(`${echoBalancer!.url}/anything`, { headers: { ...FORGED, 'x-forwarded-for': '203.0.113.7, 198.51.100.9' } });
    const seen = (await res.json()) as Record<string, string | undefined>;
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.forwarded).toBeUndefined();
    expect(seen['x-real-ip']).toBeUndefined();
  });

  it('the login limit of one account from one address trips although every attempt claims another address', async () => {
    await signUp('forged-login@example.com');
    const attempt = (i: number) =>
      api('POST', '/login', { headers: { 'x-forwarded-for': `203.0.113.${i}`, forwarded: `for=203.0.113.${i}` }, body: { email: 'forged-login@example.com', password: 'Wrong!Passw0rd' } });
    // Five wrong passwords a quarter of an hour for one account from one address, then 429.
    for (let i = 1; i <= 5; i++) expect((await attempt(i)).status).toBe(401);
    const sixth = await attempt(6);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(0);
  });

  it('an API key allowed only from an office’s range is refused to a client claiming an office address; one allowed from the real address passes', async () => {
    const jwt = await signUp('forged-key@example.com');
    const office = await keyFrom(jwt, ['203.0.113.0/24']);
    const refused = await api('GET', '/managed-saas/instances?limit=10', { headers: { authorization: `Bearer ${office}`, ...FORGED } });
    expect(refused.status).toBe(403);
    expect(refused.body!.errors).toEqual([API_KEY_MESSAGES.addressRefused]);

    const here = await keyFrom(jwt, ['127.0.0.1']);
    const admitted = await api('GET', '/managed-saas/instances?limit=10', { headers: { authorization: `Bearer ${here}`, ...FORGED } });
    expect(admitted.status).toBe(200);
  });
});
