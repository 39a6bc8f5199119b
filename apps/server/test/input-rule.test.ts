import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INPUT_MESSAGES, MAX_EPOCH_MS, ROLE_MESSAGES } from '@replay/contracts';
import { auditTrail } from '../src/db/schema';
import { createTestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { addInstance } from './support/team';

/**
 * The contracts' input rule (packages/contracts/src/safe.ts), route by route:
 * each of these passed the old schemas and then failed in PostgreSQL or in a
 * Date with a 500. Now each is a 400 that says why, changes nothing, and (when
 * the trail names the caller) is still recorded. generated/route-fuzz.suite.ts throws
 * random input of the same kinds at every route; this is the readable list.
 */
const t = await createTestApp();
afterAll(() => t.close());

const owner = await signup(t);
const headers = bearer(owner.jwt);
/** An account with no instance yet, so a create reaches its insert before any billing gate. */
const newcomer = bearer((await signup(t)).jwt);
const instanceId = await addInstance(t, owner.user.tenantId);
const roleId = (await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name: 'Existing role' } })).json().data.roleId as string;

const NUL = 'with\u0000nul';
const PAST_YEAR_9999 = MAX_EPOCH_MS + 1;
const unstorable = INPUT_MESSAGES.unstorableText;

type Case = [label: string, method: 'GET' | 'POST' | 'PUT', url: string, body: object | undefined, message: string, caller?: typeof headers];
const signupBody = { fullname: 'Ada', organizationName: 'Engines', email: 'ada.rule@example.com', password: 'Str0ng!Passw0rd' };
const cases: Case[] = [
  ['sign-up name', 'POST', '/api/signup', { ...signupBody, fullname: NUL }, unstorable],
  ['sign-up organization', 'POST', '/api/signup', { ...signupBody, organizationName: NUL }, unstorable],
  ['login email', 'POST', '/api/login', { email: NUL, password: 'whatever' }, unstorable],
  ['account name', 'POST', '/api/account', { name: NUL, tenantName: 'Engines' }, unstorable],
  ['organization name', 'POST', '/api/account', { name: 'Ada', tenantName: NUL }, unstorable],
  ['new role name', 'PUT', '/api/client/roles', { name: NUL }, unstorable],
  ['new role description', 'PUT', '/api/client/roles', { name: 'Support', description: NUL }, unstorable],
  ['role name', 'POST', `/api/client/roles/${roleId}`, { name: NUL }, unstorable],
  ['role description', 'POST', `/api/client/roles/${roleId}`, { name: 'Existing role', description: NUL }, unstorable],
  ['new instance name', 'POST', '/api/managed-saas/instances', { name: NUL, provider: 'aws', region: 'us-east-1', size: 'small', url: 'rule-nul' }, unstorable, newcomer],
  ['instance name', 'PUT', `/api/managed-saas/instances/${instanceId}`, { name: NUL }, unstorable],
  ['instance search', 'GET', '/api/managed-saas/instances?search=%00', undefined, unstorable],
  ['member search', 'GET', '/api/client/members?query=%00', undefined, unstorable],
  ['activity search', 'GET', '/api/managed-saas/activities?query=%00', undefined, unstorable],
  ['instance events search', 'GET', `/api/managed-saas/instances/${instanceId}/user-activity?query=%00`, undefined, unstorable],
  ['audit text filter', 'POST', '/api/trails', { query: NUL }, unstorable],
  ['audit action filter', 'POST', '/api/trails', { action: NUL }, unstorable],
  ['audit period end', 'POST', '/api/trails', { period: { start: 0, end: PAST_YEAR_9999 } }, INPUT_MESSAGES.dateOutOfRange],
  ['audit period start', 'POST', '/api/trails', { period: { start: 8.64e15, end: 8.64e15 } }, INPUT_MESSAGES.dateOutOfRange],
  ['instance list page', 'GET', '/api/managed-saas/instances?page=1228378287', undefined, INPUT_MESSAGES.pageTooFar],
  ['activity page', 'GET', '/api/managed-saas/activities?page=1228378287', undefined, INPUT_MESSAGES.pageTooFar],
  ['audit page', 'POST', '/api/trails', { page: 2 ** 40 }, INPUT_MESSAGES.pageTooFar],
];

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * A digest of every row of every table but two: the audit trail, which records refused calls too,
 * and console_processes, whose heartbeat the process writes every few seconds whatever a call does.
 */
async function everythingButTheTrail(): Promise<string> {
  const { db } = t.runtime.ctx;
  const tables = rowsOf(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_name not in ('audit_trail', 'console_processes') order by 1`),
  ).map((r) => String(r.table_name));
  const digests: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf(await db.execute(sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table)} x`));
    digests.push(`${table}:${String(row?.digest)}`);
  }
  return digests.join('\n');
}

describe('text, numbers and dates the database or a Date cannot hold', () => {
  it.each(cases)('%s: 400 with the reason, nothing changed, the call still recorded', async (_label, method, url, body, message, caller = headers) => {
    // What earlier calls set going after their commit (the event fan-out moving its cursors) settles first: it is not this call's change.
    await t.runtime.drain();
    const before = await everythingButTheTrail();
    const res = await t.app.inject({ method, url, headers: caller, ...(body ? { payload: body } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContain(message);
    expect(await everythingButTheTrail()).toBe(before);
    const audited = method !== 'GET' && !url.endsWith('/trails') && !url.endsWith('/signup') && !url.endsWith('/login');
    if (audited) {
      await t.app.auditDrain();
      const rows = await t.runtime.ctx.db
        .select()
        .from(auditTrail)
        .where(eq(auditTrail.requestId, String(res.headers['x-request-id'])));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe(400);
    }
  });

  it('refuses an unpaired surrogate (which text would store as U+FFFD and jsonb refuses) and records the refusal with U+FFFD', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name: 'Broken \ud800 name' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [unstorable], code: 'validation_failed' });
    await t.app.auditDrain();
    const [row] = await t.runtime.ctx.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.requestId, String(res.headers['x-request-id'])));
    expect(row?.payload).toEqual({ name: 'Broken \uFFFD name' });
  });
});

describe('text people type is stored trimmed and in Unicode NFC', () => {
  it('so one name typed two ways is the same name', async () => {
    const decomposed = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name: '  Cafe\u0301 team ' } });
    expect(decomposed.statusCode).toBe(201);
    expect(decomposed.json().data.name).toBe('Caf\u00e9 team');
    const precomposed = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers, payload: { name: 'Caf\u00e9 team' } });
    expect(precomposed.statusCode).toBe(409);
    expect(precomposed.json()).toEqual({ errors: [ROLE_MESSAGES.nameTaken], code: 'conflict' });
  });
});

describe('an address the router cannot read', () => {
  it('is a 400 in the wire’s shape that does not echo the address (a joining token may be in it)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invitations/secret-token-%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['The address is malformed.'], code: 'bad_request' });
    expect(res.body).not.toContain('secret-token');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
