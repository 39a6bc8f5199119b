import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_LABELS, SSO_MESSAGES } from '@replay/contracts';
import { startTestIdp, type TestIdp } from '@replay/test-idp';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, tabOpenedBy, visible } from './support/wait';

/**
 * SSO in chromium, against the real console, a real agent and a SAML identity provider
 * (the test IdP, HTTPS with its own certificate, signing real assertions). The owner
 * registers the IdP in the SSO tab, signs in to the instance through it, sets a password
 * on the instance, signs out through the IdP's single logout, signs in with the password, runs a Test sign-in, enforces SSO, and then sees
 * the instance refuse the password while the console's one-time link still opens it.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let idp: TestIdp;
const stamp = Date.now();
const PASSWORD = 'Instance-pass-2026';

beforeAll(async () => {
  ({ server, browser } = await openJourney());
  idp = await startTestIdp();
  // The test IdP's HTTPS certificate is its own, self-signed: the browser is told to accept it, as a person would click through.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1360, height: 900 }, ignoreHTTPSErrors: true, reducedMotion: 'reduce' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await idp?.close();
  await closeJourney({ server, browser });
});

describe('SSO journey in chromium', () => {
  let detailsUrl = '';
  let instanceUrl = '';
  /** A tab on the instance, kept open as a person would keep one. */
  let instanceTab: Page;

  it('signs up with a running instance, whose SSO tab gives the service provider’s details and says SSO is off', async () => {
    await signUpWithRunningInstance(page, {
      owner: 'Ada Owner',
      organization: 'Sso Works',
      email: `sso-${stamp}@example.com`,
      name: 'Sso Shop',
      url: `sso-${stamp}`,
      settleMs: 60_000,
    });
    detailsUrl = page.url();
    instanceUrl =
      (await page
        .getByRole('link', { name: /^http:\/\/localhost:\d+ opens in a new tab$/ })
        .first()
        .getAttribute('href')) ?? '';
    await page.getByRole('tab', { name: 'Single Sign-On (SSO)' }).click();
    await visible(page.getByRole('table', { name: 'Service provider details' }).getByText(`${instanceUrl}/sso/acs`));
    await visible(page.getByText('SSO', { exact: true }).locator('..').getByText('Off'));
    await expectAccessible(page, 'sso: off');
  });

  it('refuses an http endpoint on the form, then saves the identity provider, applied to the instance', async () => {
    await page.getByRole('textbox', { name: SSO_LABELS.entityId }).fill(idp.entityId);
    await page.getByRole('textbox', { name: SSO_LABELS.name }).fill('Test IdP');
    await page.getByRole('textbox', { name: SSO_LABELS.ssoUrl }).fill(idp.ssoUrl.replace('https:', 'http:'));
    await page.getByRole('textbox', { name: SSO_LABELS.sloUrl }).fill(idp.sloUrl);
    await page.getByRole('textbox', { name: SSO_LABELS.cert }).fill(idp.certPem);
    await page.getByRole('button', { name: 'Save SSO' }).click();
    await visible(page.getByText(SSO_MESSAGES.notHttps(SSO_LABELS.ssoUrl)));
    await expectAccessible(page, 'sso: a field refused');
    await page.getByRole('textbox', { name: SSO_LABELS.ssoUrl }).fill(idp.ssoUrl);
    await page.getByRole('button', { name: 'Save SSO' }).click();
    await visible(page.getByText(SSO_MESSAGES.saved));
    await hidden(page.getByText(SSO_MESSAGES.pending).first());
    await visible(page.getByText(/^Certificate: CN=Replay test IdP, valid until /));
    await visible(page.getByText('SSO', { exact: true }).locator('..').getByText('On', { exact: true }));
    await expectAccessible(page, 'sso: configured');
  });

  it('signs in to the instance through the identity provider, then sets a password there and signs in with it', async () => {
    instanceTab = await page.context().newPage();
    await instanceTab.goto(`${instanceUrl}/signin`);
    await instanceTab.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await visible(instanceTab.getByRole('heading', { name: 'Test identity provider' }));
    await instanceTab.getByRole('button', { name: 'Sign in as ada@example.com' }).click();
    await visible(instanceTab.getByTestId('signed-in-via').getByText('Test IdP (SSO)'));
    expect(await instanceTab.getByTestId('signed-in-user').textContent()).toContain('ada@example.com');

    await instanceTab.getByLabel('New password').fill(PASSWORD);
    await instanceTab.getByRole('button', { name: 'Save password' }).click();
    await visible(instanceTab.getByTestId('password-saved'));
    // Signed in through the IdP, signing out goes through its single logout and back.
    await instanceTab.getByRole('button', { name: 'Sign out' }).click();
    await visible(instanceTab.getByTestId('slo-done').getByText('You are signed out of Sso Shop and of Test IdP.'));
    await instanceTab.goto(`${instanceUrl}/signin`);
    await instanceTab.getByLabel('Email').fill('ada@example.com');
    await instanceTab.getByLabel('Password').fill(PASSWORD);
    await instanceTab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(instanceTab.getByTestId('signed-in-via').getByText('password'));
    // Signed out again, the sign-in form stays open in this tab while SSO is enforced elsewhere.
    await instanceTab.getByRole('button', { name: 'Sign out' }).click();
    await instanceTab.goto(`${instanceUrl}/signin`);
    await visible(instanceTab.getByLabel('Password'));
  });

  it('runs a Test sign-in through the identity provider, which lets the owner enforce SSO', async () => {
    await page.bringToFront();
    await visible(page.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) }));
    expect(await page.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) }).isDisabled()).toBe(true);
    const tab = await tabOpenedBy(page.getByRole('link', { name: 'Test sign-in' }));
    await visible(page.getByTestId('sso-test-status').filter({ hasText: /^Waiting for the Test sign-in in the other tab/ }));
    await expectAccessible(page, 'sso: waiting for a test sign-in');
    await tab.getByRole('button', { name: 'Sign in as ada@example.com' }).click();
    await visible(tab.getByRole('heading', { name: 'Test sign-in passed' }));
    // No reload: the console's tab shows the result as it arrives (issue 42, point 18).
    await visible(page.getByTestId('sso-test-status').getByText(/Test sign-in passed .* as ada@example\.com/));
    await tab.close();
    await page.getByRole('switch', { name: new RegExp(`^${SSO_LABELS.enforce}`) }).check({ force: true });
    await page.getByRole('button', { name: 'Save SSO' }).click();
    await visible(page.getByText(SSO_MESSAGES.saved));
    await hidden(page.getByText(SSO_MESSAGES.pending).first());
    await visible(page.getByText('SSO', { exact: true }).locator('..').getByText('Enforced'));
    await expectAccessible(page, 'sso: enforced');
  });

  it('refuses the password on the instance once enforced, while the console’s one-time link still opens it', async () => {
    await instanceTab.getByLabel('Email').fill('ada@example.com');
    await instanceTab.getByLabel('Password').fill(PASSWORD);
    await instanceTab.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(instanceTab.getByText('Password sign-in is turned off: this instance signs in through Test IdP.'));
    await instanceTab.goto(`${instanceUrl}/signin`);
    await visible(instanceTab.getByTestId('password-off'));
    expect(await instanceTab.getByLabel('Password').count()).toBe(0);
    await instanceTab.close();

    await page.goto(detailsUrl);
    const tab = await tabOpenedBy(page.getByRole('link', { name: /^http:\/\/localhost:\d+ opens in a new tab$/ }).first());
    await tab.waitForURL(/^http:\/\/localhost:\d+\/$/);
    await visible(tab.getByTestId('break-glass-note'));
    expect(await tab.getByTestId('signed-in-user').textContent()).toContain('Ada Owner');
    await tab.close();
    await page.getByRole('tab', { name: 'Events' }).click();
    await visible(page.getByRole('cell', { name: 'The instance signs users in through Test IdP only' }));
  });
});
