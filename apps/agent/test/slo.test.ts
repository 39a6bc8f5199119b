import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '@replay/test-idp';
import { cleanUp, startAgentProcess, type RunningAgent } from './support.ts';
import { IDP_NAME, applySso, consoleSignIn, homeText, idpRedirect, postForm, ssoConfig, ssoSignIn } from './sso-support.ts';

let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp({ users: [{ email: 'grace@example.com', name: 'Grace Hopper' }] });
});

afterAll(async () => {
  await idp?.close();
  await cleanUp();
});

const CLEARED = (agent: RunningAgent) => `replay_session_${agent.instanceId}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
const NOT_CONFIRMED = `Sign-out through ${IDP_NAME} could not be confirmed:`;

/** Presses "Sign out": the response, which must end the local session. */
async function signOut(agent: RunningAgent, cookie: string): Promise<Response> {
  const res = await postForm(agent, '/logout', {}, { cookie });
  expect(res.status).toBe(303);
  expect(res.headers.get('set-cookie')).toBe(CLEARED(agent));
  return res;
}

const logoutRequestXml = (location: string) => inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');

/** The IdP's answer as the browser brings it to the agent. */
async function atSlo(url: string): Promise<{ status: number; text: string; cookie: string | null }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), cookie: res.headers.get('set-cookie') };
}

describe('SP-initiated single logout', () => {
  it('ends the session, sends a LogoutRequest naming the user to the IdP, and confirms its signed answer once', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const metadata = await (await fetch(`${agent.url}/sso/metadata`)).text();
    expect(metadata).toMatch(new RegExp(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${agent.url}/sso/slo"`));

    const cookie = await ssoSignIn(agent, idp, 'grace@example.com');
    const location = (await signOut(agent, cookie)).headers.get('location') ?? '';
    expect(location.startsWith(`${idp.sloUrl}?SAMLRequest=`)).toBe(true);
    const request = logoutRequestXml(location);
    expect(request).toMatch(/^(<\?xml[^>]*>)?<samlp:LogoutRequest /);
    expect(request).toContain(`Destination="${idp.sloUrl}"`);
    expect(request).toMatch(new RegExp(`<saml:Issuer[^>]*>${agent.url}/sso/metadata</saml:Issuer>`));
    expect(request).toContain('<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">grace@example.com</saml:NameID>');
    // The assertion's SessionIndex, kept in the cookie, names the IdP's session.
    expect(request).toMatch(/<saml2p:SessionIndex[^>]*>_[0-9a-f]{32}<\/saml2p:SessionIndex>/);
    expect(await homeText(agent, '')).toContain('data-testid="signin-link"');

    // Through the IdP's own endpoint, as the browser goes.
    const back = await idpRedirect(idp, location);
    expect(back.startsWith(`${agent.url}/sso/slo?SAMLResponse=`)).toBe(true);
    expect(new URL(back).searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const done = await atSlo(back);
    expect(done.status).toBe(200);
    expect(done.cookie).toBeNull();
    expect(done.text).toContain('<h1>Signed out</h1>');
    expect(done.text).toContain(`<p data-testid="slo-done">You are signed out of Agent ${agent.instanceId} and of ${IDP_NAME}.</p>`);

    // The same answer again is a replay.
    const replay = await atSlo(back);
    expect(replay.status).toBe(400);
    expect(replay.cookie).toBeNull();
    expect(replay.text).toContain(
      `<p role="alert" class="error" data-testid="slo-error">${NOT_CONFIRMED} the response does not answer a sign-out this instance started, or was used already. You are signed out of this instance.</p>`,
    );
    await agent.stop();
  });

  it('refuses an answer signed by a stranger, unsigned, or to a request it never made, and the session stays ended', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const location = (await signOut(agent, await ssoSignIn(agent, idp, 'grace@example.com'))).headers.get('location') ?? '';
    const refused = async (url: string, reason: string) => {
      const res = await atSlo(url);
      expect(res.status).toBe(400);
      expect(res.cookie).toBeNull();
      expect(res.text).toContain(`${NOT_CONFIRMED} ${reason}. You are signed out of this instance.`);
      expect(res.text).not.toContain('grace@example.com');
    };
    await refused(await idp.respondLogout(location, { signWith: 'stranger' }), 'the response is not signed with the certificate saved for the identity provider');
    const unsigned = new URL(await idp.respondLogout(location));
    unsigned.searchParams.delete('Signature');
    unsigned.searchParams.delete('SigAlg');
    await refused(unsigned.toString(), 'the response is not signed');
    const sha1 = new URL(await idp.respondLogout(location));
    sha1.searchParams.set('SigAlg', 'http://www.w3.org/2000/09/xmldsig#rsa-sha1');
    await refused(sha1.toString(), 'the response is signed with a weak algorithm (SHA-256 or stronger is required)');
    // Signed by the IdP, and still no DOCTYPE in it (issue 42, point 8).
    await refused(await idp.respondLogout(location, { doctype: '<!DOCTYPE r [<!ENTITY x "y">]>' }), 'the response holds a document type declaration, which SAML does not allow');
    const other = new URL(location);
    other.searchParams.set('SAMLRequest', deflateRawSync(logoutRequestXml(location).replace(/ ID="[^"]+"/, ' ID="_never-issued"')).toString('base64'));
    await refused(await idp.respondLogout(other.toString()), 'the response does not answer a sign-out this instance started, or was used already');
    await refused(`${agent.url}/sso/slo`, 'the identity provider sent no response');
    // A second message beside the signed one, under a name spelled otherwise, is not read past the signature.
    const signed = await idp.respondLogout(location);
    const forged = new URL(await idp.respondLogout(location, { signWith: 'stranger' })).searchParams.get('SAMLResponse') ?? '';
    await refused(signed.replace('?', `?SAMLRespons%65=${encodeURIComponent(forged)}&`), 'the response is not a well-formed redirect');
    // Refusals spend nothing: the IdP's real answer is still confirmed.
    expect((await atSlo(await idp.respondLogout(location))).status).toBe(200);
    expect(await homeText(agent, '')).toContain('data-testid="signin-link"');
    await agent.stop();
  });

  it('signs out locally without an SLO URL, and for console or password sessions', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp));
    expect((await signOut(agent, await ssoSignIn(agent, idp, 'grace@example.com'))).headers.get('location')).toBe('/');
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    expect((await signOut(agent, await consoleSignIn(agent))).headers.get('location')).toBe('/');
    // Signed out already (no cookie): nobody to name to the IdP.
    expect((await signOut(agent, '')).headers.get('location')).toBe('/');
    await agent.stop();
  });
});
