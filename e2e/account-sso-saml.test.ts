import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SSO_LABELS } from '@replay/contracts';
import type { SimpleSamlPhp } from '@replay/test-idp/simplesamlphp';
import { expectAccessible } from './support/axe';
import { newPage } from './support/browser';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { api, claimDomain, signInAtSimpleSaml, startSamlIdp } from './support/sso';
import { visible } from './support/wait';

/**
 * The account's single sign-on by SAML in chromium, against the real console and Debian's
 * SimpleSAMLphp (packages/test-idp): the owner fills the SAML form with the IdP's values and gives
 * the IdP the console's values off the screen (its signing certificate among them: this IdP
 * refuses unsigned requests), runs the test sign-in through the IdP's own login page and
 * enforces; a member signs in with "Sign in with SSO" through that page, then signs out and is
 * sent through the IdP's single logout, back to the console's login page.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let idp: SimpleSamlPhp;

const stamp = Date.now();
const domain = `saml-${stamp}.example`;
const OWNER = { username: 'boss', password: 'Boss-idp-pass1', email: `boss@${domain}`, name: 'Sam Boss', groups: [] };
const MEMBER = { username: 'pat', password: 'Pat-idp-pass1', email: `pat@${domain}`, name: 'Pat Member', groups: ['engineering'] };

beforeAll(async () => {
  // SimpleSAMLphp listens on plain http at 127.0.0.1: the console is told such IdPs are allowed, as a private network's would be.
  ({ server, browser, page } = await openJourney({ env: { SSO_ALLOW_PRIVATE_IDPS: 'true' } }));
  idp = await startSamlIdp([OWNER, MEMBER]);
}, 120_000);
afterAll(async () => {
  await idp?.close();
  await closeJourney({ server, browser });
});

/** The console's value for the IdP, as the owner reads it off the screen to copy. */
const valueOf = async (name: string) =>
  (await page
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .locator('code')
    .textContent()) ?? '';

describe('account single sign-on by SAML in chromium', () => {
  it('the owner fills the SAML form with the IdP’s values and saves it', async () => {
    await signUpOwner(page, { name: 'Sam Boss', organization: 'Saml Works', email: OWNER.email, password: 'Owner-pass1' });
    const { jwt } = await api<{ jwt: string }>(server.url, 'POST', '/login', { email: OWNER.email, password: 'Owner-pass1' });
    await claimDomain(server.url, jwt, `it@${domain}`);
    await page.goto('/client/sso');
    await page.getByRole('button', { name: 'Set up single sign-on' }).click();
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.entryPoint }).fill(idp.ssoUrl);
    await page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.logoutUrl }).fill(idp.sloUrl);
    await page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpEntityId }).fill(idp.entityId);
    await page.getByRole('textbox', { name: ACCOUNT_SSO_LABELS.idpCert }).fill(idp.certPem);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByTestId('sso-state').getByText('Not tested'));
    await visible(page.getByRole('row', { name: /^SAML SP signing certificate/ }));
    await expectAccessible(page, 'sso: SAML saved, its signing certificate to copy');
  });

  it('gives the IdP the console’s values off the screen, the signing certificate among them', async () => {
    const entityId = await valueOf('SAML SP entity ID');
    const certPem = await valueOf('SAML SP signing certificate');
    expect(certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const metadata = await (await fetch(await valueOf('SAML SP metadata'))).text();
    expect(metadata.replace(/\s/g, '')).toContain(certPem.replace(/-----[^-]+-----|\s/g, ''));
    await idp.addServiceProvider({ entityId, acsUrl: await valueOf('SAML assertion consumer service'), sloUrl: await valueOf('SAML single logout'), certPem });
  });

  it('runs the test sign-in through SimpleSAMLphp’s login page and comes back to the result', async () => {
    await page.getByRole('button', { name: 'Test sign-in' }).click();
    await signInAtSimpleSaml(page, idp, OWNER);
    await visible(page.getByText('The test sign-in passed'));
    await page.waitForURL(/\/client\/sso$/);
    await visible(page.getByTestId('sso-last-test').getByText(new RegExp(`passed\\. Signed in as ${OWNER.email.replace(/\./g, '\\.')}`)));
    await visible(page.getByTestId('sso-state').getByText('Tested'));
    await expectAccessible(page, 'sso: SAML test passed');
  });

  it('enforces after the confirmation', async () => {
    await page.getByRole('button', { name: 'Enforce single sign-on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enforce single sign-on' });
    await dialog.getByRole('button', { name: 'Enforce' }).click();
    await visible(page.getByTestId('sso-state').getByText('Enforced'));
    await expectAccessible(page, 'sso: SAML enforced');
  });

  it('a member signs in with "Sign in with SSO" through the IdP, signs out through its single logout, and must sign in there again', async () => {
    const member = await newPage(browser, server.url);
    await member.goto('/login');
    await member.getByRole('button', { name: 'Sign in with SSO' }).click();
    await member.getByLabel('Work email').fill(MEMBER.email);
    await member.getByRole('button', { name: 'Continue with SSO' }).click();
    await signInAtSimpleSaml(member, idp, MEMBER);
    await member.waitForURL(/\/instances/);
    await visible(member.getByRole('heading', { name: 'Instances' }));
    // Out: the console's session ends, the browser goes to the IdP's logout with a signed request, and the IdP's answer lands on the login page.
    // Both legs are redirects the browser passes through (the IdP answers at once): watched as requests.
    const toIdp = member.waitForRequest((r) => r.url().startsWith(`${idp.sloUrl}?SAMLRequest=`) && new URL(r.url()).searchParams.has('Signature'));
    const answered = member.waitForRequest((r) => r.url().startsWith(`${server.url}/sso/saml/slo?SAMLResponse=`));
    await member.getByRole('button', { name: /account menu/i }).click();
    await member.getByRole('menuitem', { name: 'Logout' }).click();
    await Promise.all([toIdp, answered]);
    await member.waitForURL((url) => url.origin === server.url && url.pathname === '/login');
    await visible(member.getByRole('heading', { name: 'Login to your account' }));
    await expectAccessible(member, 'login: after the IdP’s single logout');
    // The IdP's session ended too: SSO asks for the password at the IdP again.
    await member.getByRole('button', { name: 'Sign in with SSO' }).click();
    await member.getByLabel('Work email').fill(MEMBER.email);
    await member.getByRole('button', { name: 'Continue with SSO' }).click();
    await member.waitForURL((url) => url.origin === new URL(idp.baseUrl).origin);
    await visible(member.locator('input[name="password"]'));
    await member.context().close();
  });
});
