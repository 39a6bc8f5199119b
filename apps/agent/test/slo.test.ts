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
const NOT_THIS_BROWSERS = 'the response does not answer a sign-out this browser started, or was used already';

/**
 * Presses "Sign out", which must end the local session: where the browser goes next, and the
 * cookie it keeps for the IdP's answer (as a Cookie header; '' when none is set).
 */
async function signOut(agent: RunningAgent, cookie: string): Promise<{ location: string; browser: string }> {
  const res = await postForm(agent, '/logout', {}, { cookie });
  expect(res.status).toBe(303);
  const [cleared, ...others] = res.headers.getSetCookie();
  expect(cleared).toBe(CLEARED(agent));
  return { location: res.headers.get('location') ?? '', browser: others.map((c) => c.split(';')[0]).join('; ') };
}

const logoutRequestXml = (location: string) => inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');

/** The IdP's answer as the browser brings it to the agent, with the cookie that browser holds. */
async function atSlo(url: string, browser = ''): Promise<{ status: number; text: string; cookie: string | null }> {
  const res = await fetch(url, { redirect: 'manual', headers: browser ? { Cookie: browser } : {} });
  return { status: res.status, text: await res.text(), cookie: res.headers.get('set-cookie') };
}

describe('SP-initiated single logout', () => {
  it('ends the session, sends a LogoutRequest naming the user to the IdP, and confirms its signed answer once', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const metadata = await (await fetch(`${agent.url}/sso/metadata`)).text();
    expect(metadata).toMatch(new RegExp(`<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${agent.url}/sso/slo"`));

    const cookie = await ssoSignIn(agent, idp, 'grace@example.com');
    const { location, browser } = await signOut(agent, cookie);
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
    const done = await atSlo(back, browser);
    expect(done.status).toBe(200);
    expect(done.cookie).toBeNull();
    expect(done.text).toContain('<h1>Signed out</h1>');
    expect(done.text).toContain(`<p data-testid="slo-done">You are signed out of Agent ${agent.instanceId} and of ${IDP_NAME}.</p>`);

    // The same answer again is a replay.
    const replay = await atSlo(back, browser);
    expect(replay.status).toBe(400);
    expect(replay.cookie).toBeNull();
    expect(replay.text).toContain(`<p role="alert" class="error" data-testid="slo-error">${NOT_CONFIRMED} ${NOT_THIS_BROWSERS}. You are signed out of this instance.</p>`);
    await agent.stop();
  });

  it('refuses an answer signed by a stranger, unsigned, or to a request it never made, and the session stays ended', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const { location, browser } = await signOut(agent, await ssoSignIn(agent, idp, 'grace@example.com'));
    const refused = async (url: string, reason: string) => {
      const res = await atSlo(url, browser);
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
    await refused(await idp.respondLogout(other.toString()), NOT_THIS_BROWSERS);
    await refused(`${agent.url}/sso/slo`, 'the identity provider sent no response');
    // A second message beside the signed one, under a name spelled otherwise, is not read past the signature.
    const signed = await idp.respondLogout(location);
    const forged = new URL(await idp.respondLogout(location, { signWith: 'stranger' })).searchParams.get('SAMLResponse') ?? '';
    await refused(signed.replace('?', `?SAMLRespons%65=${encodeURIComponent(forged)}&`), 'the response is not a well-formed redirect');
    // Refusals spend nothing: the IdP's real answer is still confirmed.
    expect((await atSlo(await idp.respondLogout(location), browser)).status).toBe(200);
    expect(await homeText(agent, '')).toContain('data-testid="signin-link"');
    await agent.stop();
  });

  it('signs out locally without an SLO URL, and for console or password sessions', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp));
    expect(await signOut(agent, await ssoSignIn(agent, idp, 'grace@example.com'))).toEqual({ location: '/', browser: '' });
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    expect(await signOut(agent, await consoleSignIn(agent))).toEqual({ location: '/', browser: '' });
    // Signed out already (no cookie): nobody to name to the IdP.
    expect(await signOut(agent, '')).toEqual({ location: '/', browser: '' });
    await agent.stop();
  });
});

/**
 * A pending sign-out belongs to the browser that started it (issue 42, point 5, for single
 * logout): the agent once kept every pending LogoutRequest in one store of 10,000, dropping the
 * oldest for each new one, so anyone with an SSO session could flood it and the IdP's answer
 * to someone else's sign-out was then refused.
 */
describe('sign-outs bound to the browser that started them', () => {
  /** The old store's cap: on a fresh agent, a first sign-out was the oldest of 10,000 when the 10,000th after it came, and dropped. */
  const OLD_STORE_CAP = 10_000;

  /** `count` presses of "Sign out" with the one SSO session `cookie` (signed, not stored: it signs out again and again), `parallel` at a time. */
  async function flood(agent: RunningAgent, cookie: string, count: number, parallel: number): Promise<void> {
    let sent = 0;
    const worker = async () => {
      while (sent < count) {
        sent++;
        const res = await postForm(agent, '/logout', {}, { cookie });
        expect(res.status).toBe(303);
        expect(res.headers.get('location')?.startsWith(`${idp.sloUrl}?SAMLRequest=`)).toBe(true);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }

  it('confirms a sign-out started before 10,000 sign-outs of another SSO session', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const grace = await signOut(agent, await ssoSignIn(agent, idp, 'grace@example.com'));
    const mallory = await ssoSignIn(agent, idp, 'mallory@example.com');
    const started = Date.now();
    await flood(agent, mallory, OLD_STORE_CAP, 8);
    console.log(`flood of ${OLD_STORE_CAP} sign-outs: ${Date.now() - started} ms`);
    const done = await atSlo(await idpRedirect(idp, grace.location), grace.browser);
    expect(done.status).toBe(200);
    expect(done.text).toContain(`<p data-testid="slo-done">You are signed out of Agent ${agent.instanceId} and of ${IDP_NAME}.</p>`);
    await agent.stop();
  }, 180_000); // 10,000 sign-outs, the fewest that evicted the first: several seconds on a quiet machine

  it('hands the browser a signed, HttpOnly cookie for /sso/slo, and refuses the answer brought by another browser', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp, { idpSlsUrl: idp.sloUrl }));
    const res = await postForm(agent, '/logout', {}, { cookie: await ssoSignIn(agent, idp, 'grace@example.com') });
    const [, held] = res.headers.getSetCookie();
    expect(held).toMatch(new RegExp(`^replay_slo_${agent.instanceId}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Path=/sso/slo; Max-Age=600; HttpOnly; Secure; SameSite=None$`));
    const browser = (held ?? '').split(';')[0] ?? '';
    const back = await idp.respondLogout(res.headers.get('location') ?? '');
    const refused = async (cookie: string) => {
      const answer = await atSlo(back, cookie);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(`${NOT_CONFIRMED} ${NOT_THIS_BROWSERS}.`);
    };
    await refused('');
    await refused(browser.replace(/\.[\w-]+$/, '.AAAA'));
    // Another browser's sign-out cookie lists its own requests, not this one.
    await refused((await signOut(agent, await ssoSignIn(agent, idp, 'mallory@example.com'))).browser);
    // Its own browser still has it confirmed, once.
    expect((await atSlo(back, browser)).status).toBe(200);
    await refused(browser);
    await agent.stop();
  });
});
