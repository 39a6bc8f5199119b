import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SSO_LABELS, ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { startOidcIdp, type TestOidcIdp } from '@replay/test-idp/oidc';
import { freePort } from '../apps/server/src/lib/free-port';
import { expectAccessible } from './support/axe';
import { newPage } from './support/browser';
import { closeJourney, openJourney } from './support/journey';
import { firstLink, latestMailTo } from './support/outbox';
import type { ConsoleServer } from './support/server';
import { signUpOwner, submitLogin } from './support/signup';
import { disabled, hidden, visible } from './support/wait';

/**
 * The account's single sign-on in chromium, against the real console and a real OpenID provider
 * (oidc-provider, from packages/test-idp): the owner copies the console's redirect URI into the
 * IdP, fills the connection form on Account › Single sign-on, claims the company's domain with
 * the mailed code, runs the test sign-in through the IdP's own pages and enforces; a member of
 * that domain then finds their password refused and signs in from the login page with "Sign in
 * with SSO".
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let idp: TestOidcIdp;

const stamp = Date.now();
const domain = `sso-${stamp}.example`;
const ownerEmail = `boss@${domain}`;
const memberEmail = `pat@${domain}`;
const claimEmail = `it@${domain}`;
const PASSWORDS = { owner: 'Owner-pass1', member: 'Member-pass1' };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  // The test IdP listens on plain http at 127.0.0.1: the console is told such IdPs are allowed, as a private network's would be.
  ({ server, browser, page } = await openJourney({ env: { SSO_ALLOW_PRIVATE_IDPS: 'true' } }));
}, 120_000);
afterAll(async () => {
  await idp?.close();
  await closeJourney({ server, browser });
});

async function api<T>(method: string, path: string, body: unknown, jwt?: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(jwt && { authorization: `Bearer ${jwt}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A member of the domain who joined with a password before single sign-on was enforced (the invitation, over the API). */
async function memberWithPassword(): Promise<void> {
  const { jwt } = await api<{ jwt: string }>('POST', '/login', { email: ownerEmail, password: PASSWORDS.owner });
  const roles = await api<{ roleId: string; name: string }[]>('GET', '/client/roles', undefined, jwt);
  const viewer = roles.find((r) => r.name === 'Viewer')!;
  await api('POST', '/client/members', { name: 'Pat Member', email: memberEmail, admin: false, roleId: viewer.roleId }, jwt);
  const token = new URL(firstLink((await latestMailTo(server.url, memberEmail)).text)).searchParams.get('token')!;
  await api('POST', '/invitations/accept', { token, name: 'Pat Member', password: PASSWORDS.member });
}

/** The console's value for the IdP, as the owner reads it off the screen to copy. */
const valueOf = async (name: string) =>
  (await page
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .locator('code')
    .textContent()) ?? '';

/** oidc-provider's own sign-in page (its development interactions): any login, the person it names. */
async function signInAtIdp(at: Page, email: string): Promise<void> {
  await at.waitForURL((url) => url.origin === new URL(idp.issuer).origin);
  await at.locator('input[name="login"]').fill(email);
  await at.locator('input[name="password"]').fill('any');
  await at.locator('button[type="submit"]').click();
}

describe('account single sign-on journey in chromium', () => {
  it('the owner opens Account › Single sign-on: the values for the IdP, not set up yet', async () => {
    await signUpOwner(page, { name: 'Sam Boss', organization: 'Sso Account Works', email: ownerEmail, password: PASSWORDS.owner });
    await memberWithPassword();
    await page.goto('/account/profile');
    await page.getByRole('tab', { name: 'Single sign-on' }).click();
    await page.waitForURL(/\/client\/sso$/);
    await visible(page.getByRole('heading', { name: 'Single sign-on is not set up' }));
    expect(await valueOf('OIDC redirect URI')).toBe(`${server.url}/sso/oidc/callback`);
    await expectAccessible(page, 'sso: not set up');
    idp = await startOidcIdp({
      port: await freePort(),
      redirectUri: await valueOf('OIDC redirect URI'),
      postLogoutRedirectUri: `${server.url}/login`,
      backchannelLogoutUri: await valueOf('OIDC back-channel logout URI'),
    });
    idp.person({ email: ownerEmail, name: 'Sam Boss' });
    idp.person({ email: memberEmail, name: 'Pat Member' });
  });

  it('fills the OIDC form: a wrong issuer is named beside its field, then it saves', async () => {
    await page.getByRole('button', { name: 'Set up single sign-on' }).click();
    const issuer = page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.issuer });
    await issuer.fill('idp.example.com');
    await page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.clientId }).fill(idp.clientId);
    await page.getByLabel(ACCOUNT_SSO_LABELS.clientSecret, { exact: false }).fill(idp.clientSecret);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText(ACCOUNT_SSO_MESSAGES.notUrl(ACCOUNT_SSO_LABELS.issuer)));
    await expectAccessible(page, 'sso: a field refused');
    await issuer.fill(idp.issuer);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText(/^Set\. Leave blank to keep it/));
    await visible(page.getByTestId('sso-state').getByText('Not tested'));
    await visible(page.getByTestId('sso-enforce-refusal').getByText(ACCOUNT_SSO_MESSAGES.enforceNeedsTest));
    await disabled(page.getByRole('button', { name: 'Enforce single sign-on' }));
    await expectAccessible(page, 'sso: saved, not tested');
  });

  it('claims the domain with the code mailed to an address there', async () => {
    await page.getByRole('textbox', { name: /Email address at the domain/ }).fill(claimEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    const row = page.getByRole('listitem', { name: domain });
    await visible(row.getByText('Pending'));
    await expectAccessible(page, 'sso: a pending domain');
    const code = (await latestMailTo(server.url, claimEmail)).text.match(/^(\d{8})$/m)?.[1] ?? '';
    expect(code).toMatch(/^\d{8}$/);
    await row.getByRole('textbox', { name: `Code for ${domain}` }).fill(code);
    await row.getByRole('button', { name: 'Verify' }).click();
    await visible(row.getByText('Verified'));
  });

  it('runs the test sign-in through the IdP and comes back to the result, the address cleaned', async () => {
    await page.getByRole('button', { name: 'Test sign-in' }).click();
    await signInAtIdp(page, ownerEmail);
    await visible(page.getByText('The test sign-in passed'));
    await page.waitForURL(/\/client\/sso$/);
    await visible(page.getByTestId('sso-last-test').getByText(new RegExp(`passed\\. Signed in as ${ownerEmail.replace(/\./g, '\\.')}`)));
    await visible(page.getByTestId('sso-state').getByText('Tested'));
    await hidden(page.getByTestId('sso-enforce-refusal'));
    await expectAccessible(page, 'sso: test passed');
  });

  it('enforces, by keyboard, after a confirmation naming the domain and the owner’s break-glass way in', async () => {
    await page.getByRole('button', { name: 'Enforce single sign-on' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enforce single sign-on' });
    await visible(dialog.getByText(new RegExp(`Password sign-in is refused for everyone at ${domain.replace(/\./g, '\\.')}`)));
    await visible(dialog.getByText(/break-glass/));
    await expectAccessible(page, 'sso: enforce confirmation');
    // The dialog opens on its confirm button: Enter confirms.
    await visible(dialog.getByRole('button', { name: 'Enforce' }).and(page.locator(':focus')));
    await page.keyboard.press('Enter');
    await hidden(dialog);
    await visible(page.getByTestId('sso-state').getByText('Enforced'));
    await visible(page.getByRole('button', { name: 'Stop enforcing' }));
    await expectAccessible(page, 'sso: enforced');
  });

  it('fits a phone’s width, the Account tabs too', async () => {
    await page.setViewportSize(PHONE);
    for (const path of ['/client/sso', '/account/profile']) {
      await page.goto(path);
      await visible(page.getByRole('tab', { name: 'Single sign-on' }));
      await visible(page.getByRole('heading', { name: 'Account', level: 1 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    }
    await page.goto('/client/sso');
    await visible(page.getByTestId('sso-state'));
    await expectAccessible(page, 'sso: enforced, at 390 px');
  });

  it('a member of the domain: the password is refused, "Sign in with SSO" signs them in', async () => {
    const member = await newPage(browser, server.url);
    await member.goto('/login');
    await submitLogin(member, memberEmail, PASSWORDS.member);
    await visible(member.getByText(ACCOUNT_SSO_MESSAGES.ssoRequired));
    await expectAccessible(member, 'login: password refused, SSO enforced');
    await member.getByRole('button', { name: 'Sign in with SSO' }).click();
    await member.getByLabel('Work email').fill(memberEmail);
    await expectAccessible(member, 'login: sign in with SSO');
    await member.getByRole('button', { name: 'Continue with SSO' }).click();
    await signInAtIdp(member, memberEmail);
    await member.waitForURL(/\/instances/);
    await visible(member.getByRole('heading', { name: 'Instances' }));
    await expectAccessible(member, 'instances: signed in through SSO');
    await member.context().close();
  });
});
