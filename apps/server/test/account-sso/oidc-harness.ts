import { startOidcIdp, type TestOidcIdp } from '@replay/test-idp/oidc';
import { TestBrowser } from '@replay/test-idp/oidc-browser';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { ownerWithConnection } from './support';
import { ssoTestPort } from './ports';

export interface OidcWorld {
  t: TestApp;
  idp: TestOidcIdp;
  console: string;
  owner: SignedIn;
  roles: Record<string, string>;
  browser: () => TestBrowser;
  close(): Promise<void>;
}

/**
 * A console listening on a port of its own, an OpenID provider (oidc-provider) on another,
 * and an owner whose account has an OIDC connection to it (groups: devs → Developer) and the
 * verified domain `domain`.
 */
export async function oidcWorld(domain: string): Promise<OidcWorld> {
  const consolePort = await ssoTestPort();
  const idpPort = await ssoTestPort(new Set([consolePort]));
  const base = `http://127.0.0.1:${consolePort}`;
  const t = await createTestApp({ PUBLIC_URL: base, SSO_ALLOW_PRIVATE_IDPS: 'true' });
  await t.app.listen({ port: consolePort, host: '127.0.0.1' });
  const idp = await startOidcIdp({
    port: idpPort,
    redirectUri: `${base}/sso/oidc/callback`,
    postLogoutRedirectUri: `${base}/login`,
    backchannelLogoutUri: `${base}/sso/oidc/backchannel-logout`,
  });
  const { owner, roles } = await ownerWithConnection(t, domain, (r) => ({
    protocol: 'oidc',
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    defaultRoleId: r.Viewer,
    groupRoles: [{ group: 'devs', roleId: r.Developer }],
  }));
  return {
    t,
    idp,
    console: base,
    owner,
    roles,
    browser: () => new TestBrowser(new URL(idp.issuer).origin),
    close: async () => {
      await idp.close();
      await t.close();
    },
  };
}

/** The owner's test sign-in, as the browser makes it: the screen's call, the IdP, the callback; the SSO screen's address it ends on. */
export async function runTest(w: OidcWorld, email: string, jwt = w.owner.jwt): Promise<string> {
  const b = w.browser();
  const start = await fetch(`${w.console}/api/client/sso/test`, { method: 'POST', headers: bearer(jwt), redirect: 'manual' });
  if (start.status !== 200) throw new Error(`test start failed: ${start.status} ${await start.text()}`);
  for (const line of start.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    b.setCookie(w.console, name, value);
  }
  const callback = await b.through(((await start.json()) as { data: { redirectUrl: string } }).data.redirectUrl, email);
  const back = await b.request(callback);
  return back.headers.get('location') ?? '';
}

/** A person's sign-in by email, as the browser makes it; the last answer (the ticket exchange's, or the failed callback's redirect). */
export async function signInBySso(w: OidcWorld, email: string, b = w.browser()): Promise<{ browser: TestBrowser; landing: string; session: Response | null }> {
  const start = await b.request(`${w.console}/api/auth/sso/start`, { json: { email } });
  if (start.status !== 200) throw new Error(`start failed: ${start.status} ${await start.text()}`);
  const callback = await b.through(((await start.json()) as { data: { redirectUrl: string } }).data.redirectUrl, email);
  const back = await b.request(callback);
  const landing = back.headers.get('location') ?? '';
  const ticket = new URL(landing).hash.match(/ticket=([^&]+)/)?.[1];
  const session = ticket ? await b.request(`${w.console}/api/auth/sso/complete`, { json: { ticket: decodeURIComponent(ticket) } }) : null;
  return { browser: b, landing, session };
}
