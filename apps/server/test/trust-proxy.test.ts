import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@replay/contracts';
import { parseEnv } from '../src/config/env';
import { fastifyTrustProxy } from '../src/config/trust-proxy';
import { apiKeys } from '../src/db/schema';
import { addApiKey } from './support/api-keys';
import { appWithOwner } from './support/owner';
import type { TestApp } from './support/app';
import type { SignedIn } from './support/auth';

/**
 * Issue 42, point 1: whose X-Forwarded-For the console believes. A balancer that appends to the
 * client's header hands on `<whatever the client wrote>, <the client's real address>`: only the
 * entries the trusted proxies added may be taken, never the left-most one the client chose.
 */

const trustOf = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

/** The address Fastify takes for a request from `peer` carrying `forwarded`, under the setting. */
async function clientAddress(setting: string, peer: string, forwarded?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustOf(setting)) });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  try {
    const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: peer, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    return (res.json() as { ip: string }).ip;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY, as written', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['no', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    // It trusted every hop: now one balancer, the documented deployment.
    ['true', { hops: 1 }],
    ['yes', { hops: 1 }],
    ['10.0.0.10', { addresses: ['10.0.0.10'] }],
    ['10.0.0.10, 10.0.1.0/24 2001:DB8::/32', { addresses: ['10.0.0.10', '10.0.1.0/24', '2001:db8::/32'] }],
  ])('%j is %j', (value, expected) => {
    expect(trustOf(value)).toEqual(expected);
  });

  it('is off when unset', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });

  it.each([
    ['6', /at most 5 proxies/],
    ['all', /not an address: all/],
    ['10.0.0.0/33', /not an address: 10\.0\.0\.0\/33/],
    ['loopback', /not an address: loopback/],
  ])('refuses %j with a clear message', (value, message) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(message);
  });
});

describe('the client address taken', () => {
  const BALANCER = '10.0.0.10';
  it('off: the connection’s peer, whatever the header says', async () => {
    expect(await clientAddress('false', BALANCER, '203.0.113.7')).toBe(BALANCER);
  });

  it('one hop: the address the balancer appended, not the one the client wrote before it', async () => {
    expect(await clientAddress('1', BALANCER, '203.0.113.7, 198.51.100.9')).toBe('198.51.100.9');
    expect(await clientAddress('1', BALANCER, '198.51.100.9')).toBe('198.51.100.9');
    // `true` is one hop: before, it took the left-most entry, 203.0.113.7 here.
    expect(await clientAddress('true', BALANCER, '203.0.113.7, 198.51.100.9')).toBe('198.51.100.9');
    expect(await clientAddress('1', BALANCER)).toBe(BALANCER);
  });

  it('two hops: the address the outer proxy appended, behind the inner one', async () => {
    expect(await clientAddress('2', BALANCER, '203.0.113.7, 198.51.100.9, 10.0.0.20')).toBe('198.51.100.9');
  });

  it('addresses: believed only from the listed proxies, through each listed one', async () => {
    expect(await clientAddress('10.0.0.0/24', BALANCER, '203.0.113.7, 198.51.100.9')).toBe('198.51.100.9');
    expect(await clientAddress('10.0.0.0/24', BALANCER, '203.0.113.7, 198.51.100.9, 10.0.0.20')).toBe('198.51.100.9');
    // A client reaching the console past the balancer chooses nothing.
    expect(await clientAddress('10.0.0.0/24', '192.0.2.44', '198.51.100.9')).toBe('192.0.2.44');
    // An IPv4 peer on a dual-stack listener (::ffff:10.0.0.10) is still the listed balancer.
    expect(await clientAddress('10.0.0.10', `::ffff:${BALANCER}`, '198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('behind one balancer that appends to the client’s header (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    ({ t, owner } = await appWithOwner({ TRUST_PROXY: 'true' }));
  });
  afterAll(() => t.close());

  const listInstances = (headers: Record<string, string>, forwarded: string) =>
    t.app.inject({ method: 'GET', url: '/api/managed-saas/instances?limit=10', remoteAddress: '10.0.0.10', headers: { ...headers, 'x-forwarded-for': forwarded } });

  it('an API key’s IP access list sees the real client, not the address the client wrote', async () => {
    const key = await addApiKey(t, owner.jwt, { permissions: ['VIEW_INSTANCES'], ipAccessList: ['203.0.113.0/24'], name: 'Office only' });
    const forged = await listInstances(key.headers, '203.0.113.7, 198.51.100.9');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors).toEqual([API_KEY_MESSAGES.addressRefused]);

    expect((await listInstances(key.headers, '198.51.100.9, 203.0.113.7')).statusCode).toBe(200);
    await t.app.keyUsageDrain();
    const [row] = await t.runtime.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.keyId));
    expect(row!.lastUsedAddress).toBe('203.0.113.7');
  });

  it('the per-address login limit counts the real client whatever address it writes', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.10',
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` },
        payload: { email: owner.email, password: 'not-the-password-1' },
      });
    // The pair (account, address) allows 5 wrong passwords a quarter of an hour.
    for (let i = 1; i <= 5; i++) expect((await attempt(i)).statusCode).toBe(401);
    const sixth = await attempt(6);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});
