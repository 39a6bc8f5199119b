import type { Page } from 'playwright-core';
import { startSimpleSamlPhp, type SimpleSamlPhp, type SimpleSamlPhpUser } from '@replay/test-idp/simplesamlphp';
import { latestMailTo } from './outbox';

/** The single sign-on journeys' helpers: the console's API as a script calls it, a domain claimed, Debian's SimpleSAMLphp as the IdP. */

export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, jwt?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(jwt && { authorization: `Bearer ${jwt}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Claims `email`'s domain for the signed-in owner's account and verifies it with the mailed code (the screen's steps are the OIDC journey's). */
export async function claimDomain(baseUrl: string, jwt: string, email: string): Promise<void> {
  const claim = await api<{ id: string }>(baseUrl, 'POST', '/client/sso/domains', { email }, jwt);
  const code = (await latestMailTo(baseUrl, email)).text.match(/^(\d{8})$/m)?.[1];
  if (!code) throw new Error(`no domain code mailed to ${email}`);
  await api(baseUrl, 'POST', `/client/sso/domains/${claim.id}/verify`, { code }, jwt);
}

/** SimpleSAMLphp for a browser: a few PHP workers, since chromium asks for a page's styles and scripts at once. */
export const startSamlIdp = (users: readonly SimpleSamlPhpUser[]): Promise<SimpleSamlPhp> => startSimpleSamlPhp({ users, workers: 4 });

/** SimpleSAMLphp's own login page: the person's username and password, then its page posts the assertion to the console. */
export async function signInAtSimpleSaml(page: Page, idp: SimpleSamlPhp, user: SimpleSamlPhpUser): Promise<void> {
  await page.waitForURL((url) => url.origin === new URL(idp.baseUrl).origin);
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="password"]').press('Enter');
}
