import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer } from '../support/auth';
import { oidcWorld, signInBySso } from './oidc-harness';
import { idpLogoutEntries } from './support';
import { SSO_IDP_AUDIT_NAME, SSO_LOGOUT_AUDIT_ACTIONS } from '@replay/contracts';

/** Single logout with a real OpenID provider (oidc-provider): RP-initiated, and its back-channel logout to the console. */
const w = await oidcWorld('logout-acme.example');
afterAll(() => w.close());
// Marked tested directly: the owner's test sign-in is oidc.test.ts's.
await w.t.runtime.ctx.db.execute(sql`update sso_connections set state = 'tested', tested_digest = settings_digest where tenant_id = ${w.owner.user.tenantId}`);

const jwtOf = async (session: Response | null) => ((await session!.json()) as { data: { jwt: string } }).data.jwt;
const account = (jwt: string) => w.t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(jwt) });

describe('single logout (OIDC)', () => {
  it('signing out sends the browser to the IdP’s end_session with the id_token hint; the IdP’s back-channel logout ends its other console session', async () => {
    w.idp.person({ email: 'ada@logout-acme.example' });
    // Two console sessions from one IdP session (one browser at the IdP): the same sid.
    const first = await signInBySso(w, 'ada@logout-acme.example');
    const second = await signInBySso(w, 'ada@logout-acme.example', first.browser);
    const [jwt1, jwt2] = [await jwtOf(first.session), await jwtOf(second.session)];
    // The browser's refresh cookie is the second session's: that is the one signing out.
    const out = await first.browser.request(`${w.console}/api/logout`, { method: 'GET' });
    const { redirectUrl } = ((await out.json()) as { data: { redirectUrl: string } }).data;
    const endSession = new URL(redirectUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${w.idp.issuer}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${w.console}/login`);
    expect((await account(jwt2)).statusCode).toBe(401);
    expect((await account(jwt1)).statusCode).toBe(200);
    // The IdP's logout page, confirmed: it posts a logout token to the console's back-channel URL.
    expect(await first.browser.through(redirectUrl)).toBe(`${w.console}/login`);
    expect((await account(jwt1)).statusCode).toBe(401);
    // The back-channel logout is in the account's trail: the IdP as the actor, whose session ended.
    const entries = await idpLogoutEntries(w.t, w.owner.jwt);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ username: SSO_IDP_AUDIT_NAME, userId: null, action: SSO_LOGOUT_AUDIT_ACTIONS.oidc, route: '/sso/oidc/backchannel-logout', status: 200 });
    expect(entries[0]!.payload).toMatchObject({ protocol: 'oidc', sessionsEnded: 1, people: [{ email: 'ada@logout-acme.example' }] });
  });

  it('refuses a logout token not signed by the IdP', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ iss: w.idp.issuer, aud: w.idp.clientId, sid: 'x', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } })).toString('base64url');
    const res = await fetch(`${w.console}/sso/oidc/backchannel-logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: `${header}.${body}.` }),
    });
    expect(res.status).toBe(400);
    expect(await idpLogoutEntries(w.t, w.owner.jwt)).toHaveLength(1);
  });
});
