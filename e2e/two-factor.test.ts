import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signOut, signUpOwner, submitLogin } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * Two-factor sign-in in chromium (issue 18, point 4): the owner sets up an authenticator
 * app from Account › Profile (the test reads the key shown and computes codes as the app
 * would), keeps the recovery codes, signs out and back in with a code, then with a
 * recovery code, and turns it off.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let secret = '';
let recoveryCodes: string[] = [];
const email = `two-factor-${Date.now()}@example.com`;
const password = 'Owner-pass1';

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
}, 120_000);
afterAll(() => closeJourney({ server, browser }));

/** The app's code, `stepsAhead` 30-second steps from now (a code is accepted once, one step either side). */
const codeAt = (stepsAhead: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function passwordStep(): Promise<void> {
  await submitLogin(page, email, password);
  await visible(page.getByRole('heading', { name: 'Two-factor authentication' }));
}

describe('two-factor journey in chromium', () => {
  it('sets up an authenticator app from the profile: QR code, key, first code, recovery codes', async () => {
    await signUpOwner(page, { name: 'Tess Factor', organization: 'Second Factor Co', email, password });
    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await visible(section.getByText('Two-factor authentication is off'));
    await expectAccessible(page, 'two-factor: off');

    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await visible(section.getByRole('img', { name: 'QR code of your two-factor secret' }));
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page, 'two-factor: set-up');

    await section.getByRole('textbox', { name: /6-digit code/ }).fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await visible(section.getByRole('alert'));
    await expectAccessible(page, 'two-factor: set-up with a wrong code');

    await section.getByRole('textbox', { name: /6-digit code/ }).fill(await codeAt(0));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const list = section.getByRole('list', { name: 'Recovery codes' });
    await visible(list);
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page, 'two-factor: recovery codes');
    await section.getByRole('button', { name: 'Done' }).click();
    await visible(section.getByText('10 recovery codes left'));
    expect(await page.getByText(recoveryCodes[0]!).count()).toBe(0);
  });

  it('signs out and back in with a code from the app', async () => {
    await signOut(page);
    await passwordStep();
    await expectAccessible(page, 'two-factor: login step');
    await page.getByRole('textbox', { name: 'Authentication code' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('alert'));
    await expectAccessible(page, 'two-factor: login step with a wrong code');
    // The step used at set-up is spent: the next one, as the app shows it moments later.
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await codeAt(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('heading', { name: 'Instances' }));
  });

  it('signs in with a recovery code, once, and then turns two-factor authentication off', async () => {
    await signOut(page);
    await passwordStep();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('heading', { name: 'Instances' }));

    await page.goto('/account/profile');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await visible(section.getByText('9 recovery codes left'));
    await section.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await visible(dialog);
    await expectAccessible(page, 'two-factor: turn off dialog');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await hidden(dialog);
    await visible(section.getByText('Two-factor authentication is off'));

    // The organization's rule is an admin's switch; turning it on needs the admin's own factor, now off.
    await page.goto('/account/organization');
    await visible(page.getByRole('switch', { name: 'Require two-factor authentication for every member' }));
    await expectAccessible(page, 'two-factor: organization rule');

    await signOut(page);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('heading', { name: 'Instances' }));
  });
});
