import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_MODULES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * Modules in chromium against the real console: the owner opens Modules from the account
 * menu, switches Webhooks off and sees its account menu entry gone and its screen say it is
 * switched off; a reload keeps it off (the account's settings.modules); switched on again,
 * the entry and the screen come back.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
}, 120_000);
afterAll(async () => {
  await closeJourney({ server, browser });
});

const webhooksSwitch = () => page.getByRole('switch', { name: /^Webhooks/ });
async function openAccountMenu(): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await visible(page.getByRole('menu'));
}
async function closeAccountMenu(): Promise<void> {
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('menu'));
}

describe('modules journey in chromium', () => {
  it('the owner signs up and opens Modules from the account menu: every module is on', async () => {
    await signUpOwner(page, { name: 'Mona Modules', organization: 'Module Works', email: `modules-${Date.now()}@example.com` });
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Modules' }).click();
    await page.waitForURL(/\/client\/modules$/);
    await visible(page.getByRole('heading', { name: 'Modules', level: 1 }));
    for (const m of CONSOLE_MODULES) {
      await visible(page.getByText(m.description));
      expect(await page.getByRole('switch', { name: new RegExp(`^${m.label}`) }).isChecked(), m.key).toBe(true);
    }
    await expectAccessible(page, 'modules: every module on');
  });

  it('switches Webhooks off: its account menu entry goes and its screen says the module is off', async () => {
    await webhooksSwitch().click();
    await expect.poll(() => webhooksSwitch().isChecked(), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => webhooksSwitch().isDisabled(), { timeout: 10_000 }).toBe(false);
    await expectAccessible(page, 'modules: webhooks off');
    await openAccountMenu();
    await visible(page.getByRole('menuitem', { name: 'Session Settings' }));
    expect(await page.getByRole('menuitem', { name: 'Webhooks' }).count()).toBe(0);
    await closeAccountMenu();
    await page.goto('/client/webhooks');
    await visible(page.getByRole('heading', { name: 'Module switched off' }));
    await visible(page.getByText('The Webhooks module is switched off for this account.'));
    await expectAccessible(page, 'webhooks: module switched off');
  });

  it('keeps it off after a reload', async () => {
    await page.getByRole('link', { name: 'Modules' }).click();
    await page.waitForURL(/\/client\/modules$/);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Modules', level: 1 }));
    expect(await webhooksSwitch().isChecked()).toBe(false);
    await openAccountMenu();
    await visible(page.getByRole('menuitem', { name: 'Modules' }));
    expect(await page.getByRole('menuitem', { name: 'Webhooks' }).count()).toBe(0);
    await closeAccountMenu();
  });

  it('switches Webhooks on again: the entry and the screen come back', async () => {
    await webhooksSwitch().click();
    await expect.poll(() => webhooksSwitch().isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => webhooksSwitch().isDisabled(), { timeout: 10_000 }).toBe(false);
    await openAccountMenu();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/client\/webhooks/);
    await visible(page.getByText('No webhooks yet'));
    await expectAccessible(page, 'webhooks: module on again');
  });
});
