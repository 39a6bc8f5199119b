import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signOut, signUpOwner, submitLogin } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * Passkeys and security keys in chromium (issue 18, point 4): the browser's own WebAuthn,
 * answered by Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain,
 * through playwright's CDP session). The owner registers a key from Account › Profile, keeps
 * the recovery codes, signs out, signs in with the password then the key, and removes it.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let cdp: CDPSession;
let authenticatorId = '';
const email = `passkeys-${Date.now()}@example.com`;
const password = 'Owner-pass1';

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
  cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  // A USB security key that is present and verifies its user whenever asked: no prompt to click.
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  }));
}, 120_000);
afterAll(() => closeJourney({ server, browser }));

const keysOnAuthenticator = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

describe('passkeys journey in chromium', () => {
  it('registers a named security key from the profile, with the recovery codes of a first factor', async () => {
    await signUpOwner(page, { name: 'Pat Key', organization: 'Passkey Co', email, password });
    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await visible(section.getByText('No passkey or security key yet'));
    await expectAccessible(page, 'passkeys: none yet');

    await section.getByRole('button', { name: 'Add a passkey or security key' }).click();
    const form = section.getByRole('form', { name: 'Add a passkey or security key' });
    await visible(form);
    await expectAccessible(page, 'passkeys: name the new key');
    await form.getByLabel(/Name of the passkey/).fill('Desk key');
    await form.getByRole('button', { name: 'Continue' }).click();

    const list = section.getByRole('list', { name: 'Recovery codes' });
    await visible(list);
    expect(await list.getByRole('listitem').count()).toBe(10);
    await expectAccessible(page, 'passkeys: recovery codes');
    await section.getByRole('button', { name: 'Done' }).click();

    const table = section.getByRole('table', { name: 'Passkeys and security keys' });
    await visible(table.getByText('Desk key'));
    await visible(table.getByText('Never'));
    await visible(section.getByText(/signing in asks for one of your passkeys or security keys/));
    await expectAccessible(page, 'passkeys: one key listed');
    expect(await keysOnAuthenticator()).toHaveLength(1);
  });

  it('signs out, and back in with the password and then the key', async () => {
    await signOut(page);
    await submitLogin(page, email, password);
    const useKey = page.getByRole('button', { name: 'Use a passkey or security key' });
    await visible(useKey);
    await visible(page.getByRole('textbox', { name: 'Authentication code' }));
    await expectAccessible(page, 'passkeys: login step');
    await useKey.click();
    await visible(page.getByRole('heading', { name: 'Instances' }));
    const [key] = await keysOnAuthenticator();
    expect(key!.signCount).toBeGreaterThan(0);
  });

  it('shows when the key was last used, and removes it after a confirmation', async () => {
    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    const table = section.getByRole('table', { name: 'Passkeys and security keys' });
    await visible(table.getByText('Desk key'));
    expect(await table.getByText('Never').count()).toBe(0);
    await table.getByRole('button', { name: 'Remove Desk key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey or security key?' });
    await visible(dialog);
    await expectAccessible(page, 'passkeys: remove dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await hidden(dialog);
    await visible(section.getByText('No passkey or security key yet'));
    await visible(section.getByText('Two-factor authentication is off'));

    // The last second factor gone, the sign-in is one step again.
    await signOut(page);
    await submitLogin(page, email, password);
    await visible(page.getByRole('heading', { name: 'Instances' }));
  });
});
