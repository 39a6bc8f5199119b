import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { ADMIN_CALLS, type SsoConfig } from '@replay/agent-protocol';
import type { TestIdp } from '@replay/test-idp';
import { admin, consoleToken, type RunningAgent } from './support.ts';

/** What sso.test.ts drives an agent and the test IdP with: a browser's steps, one request at a time. */

export const IDP_NAME = 'Test IdP';

export function ssoConfig(idp: TestIdp, change: Partial<SsoConfig> = {}): SsoConfig {
  return { idpEntityId: idp.entityId, idpName: IDP_NAME, idpSsoUrl: idp.ssoUrl, idpX509cert: idp.certPem, idpSlsUrl: null, enforceSSO: false, ...change };
}

export async function applySso(agent: RunningAgent, sso: SsoConfig | null): Promise<void> {
  const res = await admin(agent, '/api/admin/config', { sso });
  expect(res.status).toBe(200);
  expect((await res.json()).sso).toEqual(sso);
}

/** The session cookie a response sets, as a Cookie header; '' when it sets none. */
export const cookieOf = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

export async function homeText(agent: RunningAgent, cookie: string): Promise<string> {
  return (await fetch(`${agent.url}/`, { headers: { Cookie: cookie } })).text();
}

/**
 * The cookies of /sso/login, by the agent's origin: what the one browser these tests play
 * holds between going to the IdP and coming back to the ACS. Anyone else is a plain fetch.
 */
const browserJar = new Map<string, string>();

/** The Location of /sso/login: the browser's way to the IdP. The browser keeps the cookie it is given. */
export async function startSsoLogin(agent: RunningAgent, query = ''): Promise<string> {
  const held = browserJar.get(agent.url);
  const res = await fetch(`${agent.url}/sso/login${query}`, { redirect: 'manual', headers: held ? { Cookie: held } : {} });
  expect(res.status).toBe(302);
  const cookie = cookieOf(res);
  if (cookie) browserJar.set(agent.url, cookie);
  return res.headers.get('location') ?? '';
}

/** The cookie the browser holds for `agent`'s SSO pages; '' when it started no sign-in there. */
export const ssoCookieOf = (agent: RunningAgent): string => browserJar.get(agent.url) ?? '';

/** The AuthnRequest's XML in a redirect to the IdP. */
export function authnRequestXml(location: string): string {
  return inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
}

/** The same redirect with its AuthnRequest changed by `edit`: a request the agent did not write, or not as it wrote it. */
export function withAuthnRequest(location: string, edit: (xml: string) => string): string {
  const url = new URL(location);
  url.searchParams.set('SAMLRequest', deflateRawSync(Buffer.from(edit(authnRequestXml(location)))).toString('base64'));
  return url.toString();
}

/**
 * Posts an IdP's answer to the ACS, from the IdP's origin as a browser would, with the cookie
 * the browser holds for the ACS's origin; `opts.cookie` posts it from another browser instead.
 */
export function postToAcs(idp: TestIdp, answer: { acsUrl: string; SAMLResponse: string; RelayState: string | null }, opts: { cookie?: string } = {}): Promise<Response> {
  const body = new URLSearchParams({ SAMLResponse: answer.SAMLResponse, ...(answer.RelayState === null ? {} : { RelayState: answer.RelayState }) });
  const cookie = opts.cookie ?? browserJar.get(new URL(answer.acsUrl).origin) ?? '';
  const headers: Record<string, string> = { Origin: new URL(idp.ssoUrl).origin, ...(cookie ? { Cookie: cookie } : {}) };
  return fetch(answer.acsUrl, { method: 'POST', body, redirect: 'manual', headers });
}

/** A form post to the agent, from its own page unless `origin` says otherwise. */
export function postForm(agent: RunningAgent, path: string, fields: Record<string, string>, opts: { cookie?: string; origin?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: opts.origin ?? agent.url };
  if (opts.cookie) headers.Cookie = opts.cookie;
  return fetch(`${agent.url}${path}`, { method: 'POST', body: new URLSearchParams(fields), headers, redirect: 'manual' });
}

/** Signs in through the console's one-time link; the session cookie. */
export async function consoleSignIn(agent: RunningAgent, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login', extra)}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return cookieOf(res);
}

/** A request to the HTTPS test IdP, trusting its own certificate (which is also its TLS certificate). */
export function idpRequest(idp: TestIdp, url: string, form?: URLSearchParams): Promise<{ status: number; text: string }> {
  const body = form?.toString();
  const headers = body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body === undefined ? 'GET' : 'POST', ca: idp.certPem, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first form in `html` whose text includes `containing`: its action and hidden fields. */
export function formIn(html: string, containing = ''): { action: string; fields: URLSearchParams } {
  const form = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(containing));
  if (!form) throw new Error(`No form with ${containing}`);
  const fields = new URLSearchParams();
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.append(input[1] ?? '', unescapeHtml(input[2] ?? ''));
  return { action: unescapeHtml(/action="([^"]*)"/.exec(form)?.[1] ?? ''), fields };
}

/** What the console reads with ADMIN_CALLS.ssoStatus. */
export async function ssoStatus(agent: RunningAgent): Promise<unknown> {
  const res = await fetch(`${agent.url}${ADMIN_CALLS.ssoStatus.path}`, { headers: { Authorization: `Bearer ${consoleToken(agent, 'admin')}` } });
  expect(res.status).toBe(200);
  return ADMIN_CALLS.ssoStatus.answer.parse(await res.json());
}

/** A form post with the Host and Origin a browser at `host` would send (fetch may not set Host); its status. */
export function postWithHost(agent: RunningAgent, path: string, host: string, origin: string, body: string): Promise<number> {
  const headers = { Host: host, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${agent.url}${path}`, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Signs `email` in through the IdP (the node helper's answer posted to the ACS); the session cookie. */
export async function ssoSignIn(agent: RunningAgent, idp: TestIdp, email: string): Promise<string> {
  const res = await postToAcs(idp, await idp.respond(await startSsoLogin(agent), email));
  expect(res.status).toBe(303);
  return cookieOf(res);
}

/** Where a GET to the HTTPS test IdP redirects the browser (its Location). */
export function idpRedirect(idp: TestIdp, url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca: idp.certPem }, (res) => {
      res.resume();
      if (res.statusCode === 302 && res.headers.location) resolve(res.headers.location);
      else reject(new Error(`Expected a redirect, got ${res.statusCode}`));
    });
    req.on('error', reject);
    req.end();
  });
}
