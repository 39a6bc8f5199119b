import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ssoSessions, users } from '../../src/db/schema';
import { bearer } from '../support/auth';
import { auditRowsOf } from '../support/team';
import { oidcWorld, runTest, signInBySso } from './oidc-harness';

/** Sign-in through a real OpenID provider (oidc-provider), the console listening on a port as a browser meets it. */
const w = await oidcWorld('acme.example');
afterAll(() => w.close());
const settings = async () => (await w.t.app.inject({ method: 'GET', url: '/api/client/sso', headers: bearer(w.owner.jwt) })).json().data;

describe('the owner’s test sign-in', () => {
  it('passes against the IdP and marks the connection tested, saying who signed in', async () => {
    w.idp.person({ email: 'owner@acme.example', groups: ['admins'] });
    expect(await runTest(w, 'owner@acme.example')).toBe(`${w.console}/client/sso?test=passed`);
    const { connection } = await settings();
    expect(connection.state).toBe('tested');
    expect(connection.lastTest).toMatchObject({ passed: true, detail: 'Signed in as owner@acme.example, groups: admins.' });
  });
});

describe('a person of the claimed domain', () => {
  it('signs in by email, is created with the role their group maps to, and gets a session', async () => {
    w.idp.person({ email: 'new.dev@acme.example', name: 'New Dev', groups: ['devs'] });
    const { landing, session, browser } = await signInBySso(w, 'new.dev@acme.example');
    expect(landing).toMatch(new RegExp(`^${w.console}/sso/complete#ticket=`));
    expect(session!.status).toBe(200);
    const body = (await session!.json()) as { data: { jwt: string; user: { email: string; name: string } } };
    expect(body.data.user).toMatchObject({ email: 'new.dev@acme.example', name: 'New Dev' });
    expect(browser.cookie(w.console, 'refresh_token')).toBeTruthy();
    const [row] = await w.t.runtime.ctx.db.select().from(users).where(eq(users.email, 'new.dev@acme.example'));
    expect(row).toMatchObject({ tenantId: w.owner.user.tenantId, roleId: w.roles.Developer, passwordHash: null });
    expect(row!.joinedAt).not.toBeNull();
    // The session knows its IdP session, for single logout.
    const [kept] = await w.t.runtime.ctx.db.select().from(ssoSessions).where(eq(ssoSessions.userId, row!.id));
    expect(kept!.subject).toBe('new.dev@acme.example');
    expect((await auditRowsOf(w.t, w.owner.user.tenantId)).map((r) => r.action)).toContain('Sign in with single sign-on');
  });

  it('without a mapped group gets the default role; a second sign-in finds the same member', async () => {
    w.idp.person({ email: 'plain@acme.example' });
    expect((await signInBySso(w, 'plain@acme.example')).session!.status).toBe(200);
    expect((await signInBySso(w, 'plain@acme.example')).session!.status).toBe(200);
    const rows = await w.t.runtime.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'plain@acme.example'), eq(users.tenantId, w.owner.user.tenantId)));
    expect(rows.map((r) => r.roleId)).toEqual([w.roles.Viewer]);
  });

  it('a ticket works once', async () => {
    w.idp.person({ email: 'once@acme.example' });
    const { landing, browser } = await signInBySso(w, 'once@acme.example');
    const ticket = decodeURIComponent(new URL(landing).hash.slice('#ticket='.length));
    const again = await browser.request(`${w.console}/api/auth/sso/complete`, { json: { ticket } });
    expect(again.status).toBe(404);
  });

  it('a callback from another browser (no binding cookie) or with a state never issued signs nobody in', async () => {
    w.idp.person({ email: 'csrf@acme.example' });
    const b = w.browser();
    const start = await b.request(`${w.console}/api/auth/sso/start`, { json: { email: 'csrf@acme.example' } });
    const callback = await b.through(((await start.json()) as { data: { redirectUrl: string } }).data.redirectUrl, 'csrf@acme.example');
    const stranger = w.browser();
    expect((await stranger.request(callback)).headers.get('location')).toBe(`${w.console}/login?sso=failed`);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'never-issued');
    expect((await b.request(forged.href)).headers.get('location')).toBe(`${w.console}/login?sso=failed`);
  });

  it('an email whose domain is not verified by any account has no single sign-on', async () => {
    const res = await fetch(`${w.console}/api/auth/sso/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@elsewhere.example' }) });
    expect(res.status).toBe(404);
  });
});
