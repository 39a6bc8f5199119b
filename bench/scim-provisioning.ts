/**
 * Issue 45's SCIM figures, on two real console processes sharing one PostgreSQL database
 * (BENCH_DATABASE_URL, default the local server; a temp database is created and dropped): an
 * identity provider creates USERS users through console A (POST /Users, one request at a time
 * as Okta and Entra do), then deactivates each (PATCH `active: false`); the time and p50/p99 per
 * request of each phase. An account holds at most ACCOUNT_LIMITS.billed.teamMembers members (the
 * owner is one), so the users are spread over as many billed accounts as that takes, each with
 * its own SCIM token, and the requests go one at a time across them. For SAMPLED of them, signed in beforehand, the time from the
 * deactivation's answer on A until console B refuses their session (401), polled every 5 ms.
 * Figures only, never assertions.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { ACCOUNT_LIMITS, SCIM_SCHEMAS } from '@replay/contracts';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import { billingAccounts, sessions } from '../apps/server/src/db/schema';
import { signAccessToken } from '../apps/server/src/lib/access-token';
import { startConsole, type ConsoleServer } from '../e2e/support/server';
import { ADMIN_URL, admin } from './postgres-admin';

const USERS = Number(process.env.SCIM_USERS ?? 1000);
const SAMPLED = Number(process.env.SCIM_SAMPLED ?? 50);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function timed(send: () => Promise<Response>, expected: number): Promise<{ ms: number; body: unknown }> {
  const start = performance.now();
  const res = await send();
  const ms = performance.now() - start;
  const body: unknown = res.status === 204 ? null : await res.json();
  if (res.status !== expected) throw new Error(`expected ${expected}, got ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

const phase = (times: number[]) => ({ totalMs: times.reduce((a, b) => a + b, 0), p50: percentile(times, 50), p99: percentile(times, 99) });

/** The time from `since` until B refuses the token (401), and how many requests that took; polled every 5 ms, up to 5 s. */
async function refusedAfter(b: ConsoleServer, jwt: string, since: number): Promise<{ ms: number; tries: number }> {
  for (let tries = 1; ; tries++) {
    const res = await fetch(`${b.url}/api/account`, { headers: { authorization: `Bearer ${jwt}` } });
    await res.arrayBuffer();
    if (res.status === 401) return { ms: performance.now() - since, tries };
    if (performance.now() - since > 5000) throw new Error('console B still served the deprovisioned user after 5 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A JSON POST sent from `localAddress` (any 127.x.y.z reaches the console on loopback). */
function postFrom(localAddress: string, url: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 || res.statusCode === 201 ? resolve(JSON.parse(text)) : reject(new Error(`sign-up answered ${res.statusCode}: ${text}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A signed-up account made billed (its card as the offline provider would store it), with a SCIM token: the SCIM call maker. */
async function billedAccount(a: ConsoleServer, database: Database, n: number) {
  const body = { fullname: 'Ada Lovelace', organizationName: `Analytical Engines ${n}`, email: `ada${n}@example.com`, password: 'Str0ng!Passw0rd' };
  // Sign-ups are limited per address (10 an hour): each account signs up from a loopback address of its own.
  const owner = ((await postFrom(`127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`, `${a.url}/api/signup`, body)) as { data: { jwt: string } }).data.jwt;
  const account = (await (await fetch(`${a.url}/api/account`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { data: { tenantId: string } };
  const tenantId = account.data.tenantId;
  const now = new Date();
  const card = { provider: 'offline' as const, customerRef: `cus_${n}`, paymentMethodRef: `pm_${n}`, cardBrand: 'visa', cardLast4: '4242', cardExpMonth: 12, cardExpYear: 2099 };
  await database.db
    .insert(billingAccounts)
    .values({ tenantId, ...card, name: 'Payer', address: { line1: '1 Road', line2: '', city: 'Town', postalCode: '1', state: '', country: 'FR' }, createdAt: now, updatedAt: now });
  const tokenRes = await fetch(`${a.url}/api/client/scim/token`, { method: 'POST', headers: { authorization: `Bearer ${owner}` } });
  const token = ((await tokenRes.json()) as { data: { token: string } }).data.token;
  const scim = (method: string, path: string, body?: unknown) => () =>
    fetch(`${a.url}/api/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { tenantId, scim };
}

async function run(databaseUrl: string, a: ConsoleServer, b: ConsoleServer) {
  const database = await openPostgres(databaseUrl, createLogger('warn'), 2);
  const perAccount = ACCOUNT_LIMITS.billed.teamMembers - 1;
  const accounts = [];
  for (let n = 0; n * perAccount < USERS; n++) accounts.push(await billedAccount(a, database, n));

  const created: { id: string; account: (typeof accounts)[number] }[] = [];
  const createTimes: number[] = [];
  for (let i = 0; i < USERS; i++) {
    const account = accounts[Math.floor(i / perAccount)]!;
    const userName = `user${i}@bench.example`;
    const r = await timed(account.scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName, name: { givenName: 'User', familyName: String(i) }, externalId: `ext-${i}`, active: true }), 201);
    createTimes.push(r.ms);
    created.push({ id: (r.body as { id: string }).id, account });
  }

  // Sessions for the sampled users, signed as the console signs them (they have no password: SSO's job).
  const step = Math.max(1, Math.floor(USERS / SAMPLED));
  const sampled = new Map<string, string>();
  for (let i = 0; i < USERS && sampled.size < SAMPLED; i += step) {
    const sessionId = randomUUID();
    const { id, account } = created[i]!;
    await database.db.insert(sessions).values({ id: sessionId, userId: id });
    sampled.set(id, await signAccessToken({ userId: id, tenantId: account.tenantId, sessionId }, new TextEncoder().encode(JWT_SECRET), 900, new Date()));
  }
  await database.close();
  for (const jwt of sampled.values()) {
    const res = await fetch(`${b.url}/api/account`, { headers: { authorization: `Bearer ${jwt}` } });
    if (res.status !== 200) throw new Error(`a sampled user's session answered ${res.status} on B before deprovisioning`);
  }

  const deprovisionTimes: number[] = [];
  const refusals: { ms: number; tries: number }[] = [];
  for (const { id, account } of created) {
    const r = await timed(account.scim('PATCH', `/Users/${id}`, { schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: false } }] }), 200);
    deprovisionTimes.push(r.ms);
    const jwt = sampled.get(id);
    if (jwt) refusals.push(await refusedAfter(b, jwt, performance.now()));
  }
  return {
    create: phase(createTimes),
    deprovision: phase(deprovisionTimes),
    accounts: accounts.length,
    refusal: {
      max: Math.max(...refusals.map((r) => r.ms)),
      p50: percentile(
        refusals.map((r) => r.ms),
        50,
      ),
      sampled: refusals.length,
      firstRequest: refusals.filter((r) => r.tries === 1).length,
    },
  };
}

export async function benchScimProvisioning() {
  const name = `bench_scim_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), JWT_SECRET, RUN_WORKERS: 'false' };
  const consoles: ConsoleServer[] = [];
  try {
    consoles.push(await startConsole({ env }));
    consoles.push(await startConsole({ env }));
    return await run(url.toString(), consoles[0]!, consoles[1]!);
  } finally {
    for (const c of consoles) {
      await c.stop('SIGTERM');
      c.dispose();
    }
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export const scimProvisioningReport = (r: Awaited<ReturnType<typeof benchScimProvisioning>>): string[] => [
  `SCIM (two consoles on PostgreSQL, ${r.accounts} billed accounts of up to ${ACCOUNT_LIMITS.billed.teamMembers} members): ${USERS} users created in ${(r.create.totalMs / 1000).toFixed(1)} s, p50 ${r.create.p50.toFixed(1)} ms, p99 ${r.create.p99.toFixed(1)} ms per request; ${USERS} deprovisioned (PATCH active:false) in ${(r.deprovision.totalMs / 1000).toFixed(1)} s, p50 ${r.deprovision.p50.toFixed(1)} ms, p99 ${r.deprovision.p99.toFixed(1)} ms`,
  `deprovisioned user's next request refused on the other console: at most ${r.refusal.max.toFixed(1)} ms after the deactivation's answer (p50 ${r.refusal.p50.toFixed(1)} ms; refused on the very next request for ${r.refusal.firstRequest} of ${r.refusal.sampled} users sampled; target ≤ 1 s)`,
];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of scimProvisioningReport(await benchScimProvisioning())) console.log(line);
}
