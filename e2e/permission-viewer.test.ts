import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * The permission viewer in chromium against the real console (issue 18, point 6): the
 * owner of an account with a running instance opens 'View permissions' on their own
 * row of the Team screen, picks the instance with the keyboard and reads what they may
 * do there; on the Roles screen, 'Who can…' answers who may manage that instance.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
const stamp = Date.now();
const name = `viewer-${stamp}`;
const OWNER = 'Ada Owner';
const SETTLE_MS = 45_000;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
}, 120_000);
afterAll(() => closeJourney({ server, browser }));

/** Opens a Mantine select with the keyboard and takes the option named `option`. */
async function chooseWithKeyboard(container: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  const box = container.getByRole('textbox', { name: label });
  await box.focus();
  await page.keyboard.type(option);
  await visible(page.getByRole('option', { name: option }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  expect(await box.inputValue()).toBe(option);
}

describe('permission viewer journey in chromium', () => {
  it('signs up with a running instance', async () => {
    await signUpWithRunningInstance(page, {
      owner: OWNER,
      organization: 'Viewer Works',
      email: `viewer-${stamp}@example.com`,
      name,
      url: `viewer-${stamp}`,
      settleMs: SETTLE_MS,
    });
  });

  it('opens View permissions from the owner’s row: first a prompt for an instance', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('button', { name: `View permissions of ${OWNER}` }).click();
    const drawer = page.getByRole('dialog', { name: `Permissions of ${OWNER}` });
    await visible(drawer.getByText('Choose an instance to see what is allowed there, and why.'));
    await expectAccessible(page, 'permission viewer: choose an instance');
  });

  it('picks the instance with the keyboard and lists each permission and action, allowed', async () => {
    const drawer = page.getByRole('dialog', { name: `Permissions of ${OWNER}` });
    await chooseWithKeyboard(drawer, 'Instance', name);
    const actions = drawer.getByRole('list', { name: 'Actions on this instance' });
    await visible(actions.getByText('Start, stop or terminate instance'));
    const permissions = drawer.getByRole('list', { name: 'Permissions on this instance' });
    expect(await permissions.getByRole('listitem').count()).toBe(9);
    expect(await drawer.getByText('Denied').count()).toBe(0);
    await expectAccessible(page, 'permission viewer: the owner on the instance');
    await page.keyboard.press('Escape');
    await hidden(drawer);
  });

  it('answers Who can… on the Roles screen', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Roles' }).click();
    const panel = page.getByRole('region', { name: 'Who can…' });
    await visible(panel.getByText('Choose an instance and a permission to see who holds it there.'));
    await expectAccessible(page, 'who can: prompt');
    await chooseWithKeyboard(panel, 'Instance', name);
    await chooseWithKeyboard(panel, 'Permission', 'Manage instances');
    await visible(panel.getByRole('list', { name: 'Members who can' }).getByText(OWNER));
    await visible(panel.getByText('No API key'));
    await expectAccessible(page, 'who can: the owner may manage the instance');
  });
});
