/**
 * Console single sign-on round trips (issue 45) on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server): a console and an OpenID provider (oidc-provider) on loopback; each sign-in is
 * what a browser does — POST /api/auth/sso/start, the IdP's pages (discovery, authorize, its
 * login form, the redirect back), GET /sso/oidc/callback (openid-client's code exchange, the
 * just-in-time member), POST /api/auth/sso/complete (the session) — timed from the start call
 * to the session's answer. Every sign-in is a new person (a member created each time).
 * Figures: median and p95. The IdP's login page is answered by a script, so this is the
 * console's and the IdP's work, not a person's typing.
 * SAML likewise, against Debian's SimpleSAMLphp on loopback: POST /api/auth/sso/start, the
 * IdP's pages (its AuthnRequest, login form, auto-posted Response), POST /sso/saml/acs (the
 * checks, the sealed outcome), GET /sso/saml/continue (the binding cookie, the member), POST
 * /api/auth/sso/complete. Skipped when SimpleSAMLphp is not installed.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { startOidcIdp } from '@replay/test-idp/oidc';
import { simpleSamlPhpAvailable, startSimpleSamlPhp } from '@replay/test-idp/simplesamlphp';
import { TestBrowser } from '@replay/test-idp/oidc-browser';
import { mailOutbox } from '../apps/server/src/db/schema';
import type { Database } from '../apps/server/src/db/client';
import { startBenchConsole, withTempDatabase } from './support';
import { median } from './stats';

const SIGN_INS = Number(process.env.SSO_SIGN_INS ?? 60);
const IDP_PORT = Number(process.env.SSO_BENCH_IDP_PORT ?? 47290);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The sign-ins' count, median and p95 in milliseconds. */
function roundTrips(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { signIns: SIGN_INS, median: Math.round(median(times)), p95: Math.round(percentile(sorted, 95)) };
}

async function json(res: Response): Promise<{ data: Record<string, unknown> }> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

async function benchOidcRoundTrip() {
  return withTempDatabase(async (database, databaseUrl) => {
    const served = await startBenchConsole(database, databaseUrl, { SSO_ALLOW_PRIVATE_IDPS: 'true' });
    const base = served.origin;
    const idp = await startOidcIdp({ port: IDP_PORT, redirectUri: `${base}/sso/oidc/callback`, postLogoutRedirectUri: `${base}/login` });
    try {
      const owner = new TestBrowser(new URL(idp.issuer).origin);
      const signup = await json(await owner.request(`${base}/api/signup`, { json: { fullname: 'Bench Owner', organizationName: 'Bench', email: 'owner@bench.example', password: 'Str0ng!Passw0rd' } }));
      const auth = { authorization: `Bearer ${signup.data.jwt as string}`, 'content-type': 'application/json' };
      const roles = await json(await fetch(`${base}/api/client/roles?limit=100`, { headers: auth }));
      const viewer = (roles.data as unknown as { roleId: string; name: string }[]).find((r) => r.name === 'Viewer')!.roleId;
      const body = { protocol: 'oidc', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, defaultRoleId: viewer, groupRoles: [] };
      await json(await fetch(`${base}/api/client/sso`, { method: 'PUT', headers: auth, body: JSON.stringify(body) }));
      const claim = await json(await fetch(`${base}/api/client/sso/domains`, { method: 'POST', headers: auth, body: JSON.stringify({ email: 'it@bench.example' }) }));
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'it@bench.example')).orderBy(desc(mailOutbox.createdAt)).limit(1);
      const code = mail!.text.match(/^(\d{8})$/m)![1]!;
      await json(await fetch(`${base}/api/client/sso/domains/${claim.data.id as string}/verify`, { method: 'POST', headers: auth, body: JSON.stringify({ code }) }));
      // Marked tested directly: the owner's test sign-in is the same round trip, measured below.
      await database.db.execute(sql`update sso_connections set state = 'tested', tested_digest = settings_digest`);

      const times: number[] = [];
      for (let i = 0; i < SIGN_INS; i += 1) {
        // The start's per-address limit (30 per 15 minutes) is for strangers; the bench is one address.
        if (i % 25 === 0) await database.db.execute(sql`delete from rate_limits`);
        const email = `person.${i}@bench.example`;
        idp.person({ email });
        const b = new TestBrowser(new URL(idp.issuer).origin);
        const t0 = performance.now();
        const start = await json(await b.request(`${base}/api/auth/sso/start`, { json: { email } }));
        const callback = await b.through(start.data.redirectUrl as string, email);
        const landing = (await b.request(callback)).headers.get('location') ?? '';
        const ticket = decodeURIComponent(new URL(landing).hash.slice('#ticket='.length));
        await json(await b.request(`${base}/api/auth/sso/complete`, { json: { ticket } }));
        times.push(performance.now() - t0);
      }
      return roundTrips(times);
    } finally {
      await idp.close();
      await served.stop();
    }
  });
}

/** The owner's account with a verified domain and a tested connection of `body`; the owner's auth headers. */
async function ownerWithConnection(base: string, database: Database, body: (viewerRoleId: string) => Record<string, unknown>) {
  const signup = await json(
    await fetch(`${base}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullname: 'Bench Owner', organizationName: 'Bench', email: 'owner@bench.example', password: 'Str0ng!Passw0rd' }),
    }),
  );
  const auth = { authorization: `Bearer ${signup.data.jwt as string}`, 'content-type': 'application/json' };
  const roles = await json(await fetch(`${base}/api/client/roles?limit=100`, { headers: auth }));
  const viewer = (roles.data as unknown as { roleId: string; name: string }[]).find((r) => r.name === 'Viewer')!.roleId;
  await json(await fetch(`${base}/api/client/sso`, { method: 'PUT', headers: auth, body: JSON.stringify(body(viewer)) }));
  const claim = await json(await fetch(`${base}/api/client/sso/domains`, { method: 'POST', headers: auth, body: JSON.stringify({ email: 'it@bench.example' }) }));
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'it@bench.example')).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail!.text.match(/^(\d{8})$/m)![1]!;
  await json(await fetch(`${base}/api/client/sso/domains/${claim.data.id as string}/verify`, { method: 'POST', headers: auth, body: JSON.stringify({ code }) }));
  // Marked tested directly: the owner's test sign-in is the same round trip, measured below.
  await database.db.execute(sql`update sso_connections set state = 'tested', tested_digest = settings_digest`);
}

async function benchSamlRoundTrip() {
  const people = Array.from({ length: SIGN_INS }, (_, i) => ({ username: `person${i}`, password: `secret-${i}`, email: `saml.${i}@bench.example`, name: `Person ${i}`, groups: [] }));
  return withTempDatabase(async (database, databaseUrl) => {
    const served = await startBenchConsole(database, databaseUrl, { SSO_ALLOW_PRIVATE_IDPS: 'true' });
    const base = served.origin;
    const idp = await startSimpleSamlPhp({ users: people, serviceProviders: [{ entityId: `${base}/sso/saml/metadata`, acsUrl: `${base}/sso/saml/acs`, sloUrl: `${base}/sso/saml/slo` }] });
    try {
      await ownerWithConnection(base, database, (viewer) => ({
        protocol: 'saml',
        entryPoint: idp.ssoUrl,
        logoutUrl: idp.sloUrl,
        idpEntityId: idp.entityId,
        idpCert: idp.certPem,
        defaultRoleId: viewer,
        groupRoles: [],
      }));
      const times: number[] = [];
      for (const [i, person] of people.entries()) {
        if (i % 25 === 0) await database.db.execute(sql`delete from rate_limits`);
        const t0 = performance.now();
        const start = await fetch(`${base}/api/auth/sso/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: person.email }) });
        const binding = start.headers
          .getSetCookie()
          .find((c) => c.startsWith('sso_binding='))!
          .split(';')[0]!;
        const form = await idp.browser().signIn((await json(start)).data.redirectUrl as string, person.username, person.password);
        const acs = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
        const landing = (await fetch(acs.headers.get('location')!, { headers: { cookie: binding }, redirect: 'manual' })).headers.get('location') ?? '';
        const ticket = decodeURIComponent(new URL(landing).hash.slice('#ticket='.length));
        await json(await fetch(`${base}/api/auth/sso/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket }) }));
        times.push(performance.now() - t0);
      }
      return roundTrips(times);
    } finally {
      await idp.close();
      await served.stop();
    }
  });
}

export async function benchSsoRoundTrip() {
  return { oidc: await benchOidcRoundTrip(), saml: simpleSamlPhpAvailable() ? await benchSamlRoundTrip() : null };
}

export function ssoRoundTripReport(r: Awaited<ReturnType<typeof benchSsoRoundTrip>>): string[] {
  return [
    `console SSO sign-in round trip (OIDC, oidc-provider on loopback, PostgreSQL), start → IdP → callback → session, ${r.oidc.signIns} new people: median ${r.oidc.median} ms, p95 ${r.oidc.p95} ms`,
    r.saml
      ? `console SSO sign-in round trip (SAML, SimpleSAMLphp on loopback, PostgreSQL), start → IdP → ACS → continue → session, ${r.saml.signIns} new people: median ${r.saml.median} ms, p95 ${r.saml.p95} ms`
      : 'console SSO sign-in round trip (SAML): skipped, SimpleSAMLphp is not installed',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of ssoRoundTripReport(await benchSsoRoundTrip())) console.log(line);
}
