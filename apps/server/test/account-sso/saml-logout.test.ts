import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, refresh } from '../support/auth';
import { follow, postToAcs, redeem, samlWorld, startByEmail } from './saml-harness';
import { idpLogoutEntries } from './support';
import { SSO_IDP_AUDIT_NAME, SSO_LOGOUT_AUDIT_ACTIONS } from '@replay/contracts';

/** Single logout with Debian's SimpleSAMLphp, both ways: the console's sign-out, and the IdP's. */
const ADA = { username: 'ada', password: 'ada-secret-1', email: 'ada@slo-acme.example', name: 'Ada Lovelace', groups: ['engineering'] };
const w = await samlWorld('slo-acme.example', [ADA]);
afterAll(() => w.close());
// Marked tested directly: the owner's test sign-in is saml-sign-in.test.ts's.
await w.t.runtime.ctx.db.execute(sql`update sso_connections set state = 'tested', tested_digest = settings_digest where tenant_id = ${w.owner.user.tenantId}`);

async function signedIn() {
  const j = await startByEmail(w, ADA.email, ADA);
  const { jwt, refresh: token } = await redeem(w, await follow(w, await postToAcs(w, j.form), j.binding));
  return { browser: j.browser, jwt: jwt!, refresh: token! };
}

const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;

describe('IdP-initiated single logout (SAML)', () => {
  it('ends the member’s console session on the IdP’s signed LogoutRequest and answers it', async () => {
    const s = await signedIn();
    expect((await refresh(w.t, s.refresh)).statusCode).toBe(200);
    const request = await s.browser.logoutAtIdp();
    expect(`${new URL(request).origin}${new URL(request).pathname}`).toBe(w.sp.samlSloUrl);
    const answer = await w.t.app.inject({ method: 'GET', url: pathOf(request) });
    expect(answer.statusCode).toBe(303);
    const back = new URL(answer.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(w.idp.sloUrl);
    expect(back.searchParams.get('SAMLResponse')).toBeTruthy();
    // The session row is what every console process reads: its access token and refresh token stop working.
    expect((await w.t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(s.jwt) })).statusCode).toBe(401);
    expect((await refresh(w.t, s.refresh)).statusCode).toBe(401);
    // The account's trail names the IdP as the actor, and whose sessions it ended.
    const [entry, ...more] = await idpLogoutEntries(w.t, w.owner.jwt);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ username: SSO_IDP_AUDIT_NAME, userId: null, action: SSO_LOGOUT_AUDIT_ACTIONS.saml, route: '/sso/saml/slo', status: 303 });
    expect(entry!.payload).toMatchObject({ protocol: 'saml', subject: ADA.email, sessionsEnded: 1, people: [{ email: ADA.email }] });
  });

  it('refuses an unsigned LogoutRequest, and the session stays', async () => {
    const before = (await idpLogoutEntries(w.t, w.owner.jwt)).length;
    const s = await signedIn();
    const request = new URL(await s.browser.logoutAtIdp());
    request.searchParams.delete('Signature');
    const answer = await w.t.app.inject({ method: 'GET', url: pathOf(request.href) });
    expect(answer.statusCode).toBe(400);
    expect((await refresh(w.t, s.refresh)).statusCode).toBe(200);
    // Nothing ended, nothing recorded.
    expect(await idpLogoutEntries(w.t, w.owner.jwt)).toHaveLength(before);
  });
});

describe('SP-initiated single logout (SAML)', () => {
  it('signing out of the console sends the browser to the IdP’s logout, whose signed answer lands on the login page', async () => {
    const s = await signedIn();
    const out = await w.t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: s.refresh } });
    expect(out.statusCode).toBe(200);
    const redirectUrl = out.json().data.redirectUrl as string;
    expect(redirectUrl.startsWith(`${w.idp.sloUrl}?SAMLRequest=`)).toBe(true);
    expect((await refresh(w.t, s.refresh)).statusCode).toBe(401);
    const back = await s.browser.follow(redirectUrl);
    expect(`${new URL(back).origin}${new URL(back).pathname}`).toBe(w.sp.samlSloUrl);
    const landed = await w.t.app.inject({ method: 'GET', url: pathOf(back) });
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe(`${w.base}/login`);
  });

  it('a password session answers no IdP logout', async () => {
    const out = await w.t.app.inject({ method: 'GET', url: '/api/logout', cookies: { refresh_token: w.owner.refresh } });
    expect(out.json().data).toEqual({ ok: true });
  });
});
