import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoFingerprint } from '@replay/agent-protocol';
import { startTestIdp, type TestIdp } from '@replay/test-idp';
import { cleanUp, startAgentProcess, tempDir } from './support.ts';
import {
  IDP_NAME,
  applySso,
  authnRequestXml,
  consoleSignIn,
  cookieOf,
  formIn,
  homeText,
  idpRequest,
  postForm,
  postWithHost,
  postToAcs,
  ssoConfig,
  ssoCookieOf,
  ssoStatus,
  startSsoLogin,
  withAuthnRequest,
} from './sso-support.ts';

let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp({
    users: [
      { email: 'grace@example.com', name: 'Grace Hopper' },
      { email: 'ada@example.com', name: 'Ada Lovelace' },
    ],
  });
});

afterAll(async () => {
  await idp?.close();
  await cleanUp();
});

const PASSWORD_OFF = `Password sign-in is turned off: this instance signs in through ${IDP_NAME}.`;

describe('SAML sign-in', () => {
  it('answers 404 on the SSO routes without an IdP, and the sign-in page offers passwords only', async () => {
    const agent = await startAgentProcess();
    expect((await fetch(`${agent.url}/sso/login`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${agent.url}/sso/metadata`)).status).toBe(404);
    expect((await fetch(`${agent.url}/sso/acs`, { method: 'POST', body: new URLSearchParams({ SAMLResponse: 'x' }) })).status).toBe(404);
    const signin = await (await fetch(`${agent.url}/signin`)).text();
    expect(signin).toContain(`<h1>Sign in to Agent ${agent.instanceId}</h1>`);
    expect(signin).toContain('<label for="email">Email</label>');
    expect(signin).toContain('<label for="password">Password</label>');
    expect(signin).toContain('<button type="submit">Sign in</button>');
    expect(signin).not.toContain('Sign in with');
    expect(await homeText(agent, '')).toContain('<a class="button" href="/signin" data-testid="signin-link">Sign in</a>');
    await agent.stop();
  });

  it('takes its IdP from the console, serves SP metadata, and signs a person in through the round trip, once', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp));
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).sso.idpName).toBe(IDP_NAME);
    const metadata = await (await fetch(`${agent.url}/sso/metadata`)).text();
    expect(metadata).toContain(`entityID="${agent.url}/sso/metadata"`);
    expect(metadata).toContain(`Location="${agent.url}/sso/acs"`);
    expect(await (await fetch(`${agent.url}/signin`)).text()).toContain(`<a class="button" href="/sso/login" data-testid="sso-signin">Sign in with ${IDP_NAME}</a>`);

    const location = await startSsoLogin(agent);
    expect(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    const request = authnRequestXml(location);
    expect(request).toContain(`AssertionConsumerServiceURL="${agent.url}/sso/acs"`);
    expect(request).toMatch(new RegExp(`<saml:Issuer[^>]*>${agent.url}/sso/metadata</saml:Issuer>`));

    const answer = await idp.respond(location, 'grace@example.com');
    expect(answer.acsUrl).toBe(`${agent.url}/sso/acs`);
    const res = await postToAcs(idp, answer);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^replay_session_${agent.instanceId}=[^;]+; Path=/; HttpOnly; SameSite=Lax`));
    const home = await homeText(agent, cookieOf(res));
    expect(home).toContain('Grace Hopper &lt;grace@example.com&gt;');
    expect(home).toContain(`<dd data-testid="signed-in-via">${IDP_NAME} (SSO)</dd>`);
    expect(home).not.toContain('break-glass-note');

    // The same response again is a replay: its request was answered already.
    const replay = await postToAcs(idp, answer);
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect(await replay.text()).toContain(`Sign-in through ${IDP_NAME} failed: the response does not answer a sign-in this browser started`);
    await agent.stop();
  });

  it("goes through the IdP's own pages as a browser does: a button per user, then an auto-submitting form to the ACS", async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp));
    const page = await idpRequest(idp, await startSsoLogin(agent));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Test identity provider');
    expect(page.text).toContain('Sign in as grace@example.com');
    expect(page.text).toContain('Sign in as ada@example.com');
    const button = formIn(page.text, 'Sign in as ada@example.com');
    const answered = await idpRequest(idp, new URL(button.action, idp.ssoUrl).toString(), button.fields);
    expect(answered.text).toContain('<noscript><button type="submit">');
    const post = formIn(answered.text);
    expect(post.action).toBe(`${agent.url}/sso/acs`);
    const headers = { Origin: new URL(idp.ssoUrl).origin, Cookie: ssoCookieOf(agent) };
    const res = await fetch(post.action, { method: 'POST', body: post.fields, redirect: 'manual', headers });
    expect(res.status).toBe(303);
    expect(await homeText(agent, cookieOf(res))).toContain('Ada Lovelace &lt;ada@example.com&gt;');
    await agent.stop();
  });

  it('refuses a response signed by a stranger, one meant for another SP, and one answering a request it never made', async () => {
    const agent = await startAgentProcess();
    await applySso(agent, ssoConfig(idp));
    const refused = async (answer: Awaited<ReturnType<TestIdp['respond']>>, reason: string) => {
      const res = await postToAcs(idp, answer);
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      const text = await res.text();
      expect(text).toContain(`Sign-in through ${IDP_NAME} failed: ${reason}`);
      expect(text).not.toContain('grace@example.com');
      expect(text).not.toContain('<saml');
    };
    await refused(await idp.respond(await startSsoLogin(agent), 'grace@example.com', { signWith: 'stranger' }), 'the response is not signed with the certificate saved for the identity provider');
    const elsewhere = withAuthnRequest(await startSsoLogin(agent), (xml) => xml.replace(/(<saml:Issuer[^>]*>)[^<]*/, '$1https://other-sp.example/metadata'));
    await refused(await idp.respond(elsewhere, 'grace@example.com'), 'the response is meant for another service provider');
    const unasked = withAuthnRequest(await startSsoLogin(agent), (xml) => xml.replace(/ ID="[^"]+"/, ' ID="_never-issued"'));
    await refused(await idp.respond(unasked, 'grace@example.com'), 'the response does not answer a sign-in this browser started');
    await agent.stop();
  });
});

describe('test sign-in', () => {
  it('records the settings it passed with, durably, and signs nobody in; a failed test records nothing', async () => {
    const agent = await startAgentProcess();
    const sso = ssoConfig(idp);
    await applySso(agent, sso);
    expect(await ssoStatus(agent)).toEqual({ testedFingerprint: null, testedAt: null, testedNameId: null });

    const failed = await postToAcs(idp, await idp.respond(await startSsoLogin(agent, '?test=1'), 'grace@example.com', { signWith: 'stranger' }));
    expect(failed.status).toBe(401);
    const failedText = await failed.text();
    expect(failedText).toContain('<h1>Test sign-in failed</h1>');
    expect(failedText).toContain(`Sign-in through ${IDP_NAME} failed: the response is not signed`);
    expect(await ssoStatus(agent)).toEqual({ testedFingerprint: null, testedAt: null, testedNameId: null });

    const location = await startSsoLogin(agent, '?test=1');
    expect(new URL(location).searchParams.get('RelayState')).toBe('test');
    const before = Date.now();
    const res = await postToAcs(idp, await idp.respond(location, 'grace@example.com'));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const text = await res.text();
    expect(text).toContain('<h1>Test sign-in passed</h1>');
    expect(text).toContain('<p data-testid="sso-test-result">The identity provider signed in grace@example.com. Enforcing SSO can now be switched on in the console.</p>');

    const status = { testedFingerprint: ssoFingerprint(sso), testedAt: expect.any(Number), testedNameId: 'grace@example.com' };
    expect(await ssoStatus(agent)).toEqual(status);
    expect(((await ssoStatus(agent)) as { testedAt: number }).testedAt).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'sso-status.json'), 'utf8'))).toEqual(status);
    await agent.stop();
    const restarted = await startAgentProcess({ ...agent });
    expect(await ssoStatus(restarted)).toEqual(status);
    await restarted.stop();
  });
});

describe('password sign-in', () => {
  it('lets a signed-in user set a password of 12 characters or more, kept hashed, then sign in with it', async () => {
    const agent = await startAgentProcess();
    const cookie = await consoleSignIn(agent, { email: 'Ada@Example.com' });
    const home = await homeText(agent, cookie);
    expect(home).toContain('<dd data-testid="signed-in-via">one-time link from the console</dd>');
    expect(home).toContain('<label for="new-password">New password</label>');
    expect(home).toContain('<button type="submit">Save password</button>');

    const short = await postForm(agent, '/password', { password: 'too-short' }, { cookie });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('The password must be at least 12 characters.');
    expect(existsSync(join(agent.dataDir, 'users.json'))).toBe(false);
    expect((await postForm(agent, '/password', { password: 'correct horse battery' })).status).toBe(401);

    const saved = await postForm(agent, '/password', { password: 'correct horse battery' }, { cookie });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/?password=saved');
    const file = join(agent.dataDir, 'users.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const users = readFileSync(file, 'utf8');
    expect(Object.keys(JSON.parse(users))).toEqual(['ada@example.com']);
    expect(JSON.parse(users)['ada@example.com'].hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(users).not.toContain('correct horse');

    const wrong = await postForm(agent, '/signin', { email: 'ada@example.com', password: 'correct horse battery!' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong email or password.');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await postForm(agent, '/signin', { email: 'nobody@example.com', password: 'correct horse battery' })).status).toBe(401);

    const right = await postForm(agent, '/signin', { email: 'ADA@example.com', password: 'correct horse battery' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/');
    expect(right.headers.get('set-cookie')).toMatch(/; Path=\/; HttpOnly; SameSite=Lax/);
    const signedIn = await homeText(agent, cookieOf(right));
    expect(signedIn).toContain('Ada Lovelace &lt;ada@example.com&gt;');
    expect(signedIn).toContain('<dd data-testid="signed-in-via">password</dd>');
    await agent.stop();
  });

  it('refuses an address after 10 failed attempts in 15 minutes, even with the right password', async () => {
    const agent = await startAgentProcess();
    const cookie = await consoleSignIn(agent);
    expect((await postForm(agent, '/password', { password: 'a long enough password' }, { cookie })).status).toBe(303);
    for (let i = 0; i < 10; i++) expect((await postForm(agent, '/signin', { email: 'ada@example.com', password: `guess number ${i}` })).status).toBe(401);
    const limited = await postForm(agent, '/signin', { email: 'ada@example.com', password: 'a long enough password' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(await limited.text()).toContain('Too many failed sign-ins from your address.');
    await agent.stop();
  });

  it('refuses forms posted from another origin', async () => {
    const agent = await startAgentProcess();
    const cookie = await consoleSignIn(agent);
    const origin = 'https://evil.example';
    for (const [path, fields] of [
      ['/signin', { email: 'ada@example.com', password: 'x' }],
      ['/password', { password: 'a long enough password' }],
      ['/logout', {}],
    ] as const) {
      const res = await postForm(agent, path, fields, { cookie, origin });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('This form was sent from another site');
    }
    expect(existsSync(join(agent.dataDir, 'users.json'))).toBe(false);
    // A forged Host naming the attacker's site does not make its origin the instance's; localhost, as the console links, is.
    const signinWith = (host: string) => postWithHost(agent, '/signin', host, `http://${host}`, 'email=ada%40example.com&password=x');
    expect(await signinWith(`evil.example:${agent.port}`)).toBe(403);
    expect(await signinWith(`localhost:${agent.port}`)).toBe(401);
    expect((await postForm(agent, '/signin', { email: 'ada@example.com', password: 'x' })).status).toBe(401);
    // Under no-referrer a browser posts the pages' own forms with `Origin: null`, which is refused: the pages must not say so.
    expect((await fetch(`${agent.url}/signin`)).headers.get('referrer-policy')).toBe('same-origin');
    expect((await postForm(agent, '/signin', { email: 'ada@example.com', password: 'x' }, { origin: 'null' })).status).toBe(403);
    await agent.stop();
  });
});

describe('enforced SSO', () => {
  it("turns password sign-in off, ends password sessions, and still lets the console's one-time link in", async () => {
    const agent = await startAgentProcess();
    const consoleCookie = await consoleSignIn(agent);
    expect((await postForm(agent, '/password', { password: 'a long enough password' }, { cookie: consoleCookie })).status).toBe(303);
    const passwordCookie = cookieOf(await postForm(agent, '/signin', { email: 'ada@example.com', password: 'a long enough password' }));
    expect(await homeText(agent, passwordCookie)).toContain('<dd data-testid="signed-in-via">password</dd>');

    await applySso(agent, ssoConfig(idp, { enforceSSO: true }));
    const refused = await postForm(agent, '/signin', { email: 'ada@example.com', password: 'a long enough password' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect(await refused.text()).toContain(PASSWORD_OFF);
    const signin = await (await fetch(`${agent.url}/signin`)).text();
    expect(signin).toContain(PASSWORD_OFF);
    expect(signin).toContain(`Sign in with ${IDP_NAME}`);
    expect(signin).not.toContain('name="password"');
    expect(await homeText(agent, passwordCookie)).toContain('Not signed in');

    const owner = await homeText(agent, await consoleSignIn(agent));
    expect(owner).toContain('<dd data-testid="signed-in-via">one-time link from the console</dd>');
    expect(owner).toContain(
      '<p class="note" data-testid="break-glass-note">SSO is enforced on this instance; the console\'s one-time link is the owner\'s way in when the identity provider is unavailable.</p>',
    );
    await agent.stop();
  });
});

describe('start-up', () => {
  it('does not load the SAML library until the first SSO request', async () => {
    // A hook loaded before the agent makes any import of node-saml fail: health and passwords must not need it.
    const hook = join(tempDir(), 'without-saml.mjs');
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module';
registerHooks({ resolve(specifier, context, next) {
  if (specifier.startsWith('@node-saml/')) throw new Error('node-saml is kept out of this agent');
  return next(specifier, context);
} });
`,
    );
    const agent = await startAgentProcess({ nodeArgs: ['--import', hook] });
    expect((await fetch(`${agent.url}/api/health`)).status).toBe(200);
    await applySso(agent, ssoConfig(idp));
    expect((await fetch(`${agent.url}/signin`)).status).toBe(200);
    expect((await postForm(agent, '/signin', { email: 'ada@example.com', password: 'x' })).status).toBe(401);
    expect((await fetch(`${agent.url}/sso/metadata`)).status).toBe(500);
    await agent.stop();
  });
});
