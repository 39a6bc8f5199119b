import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, INSTANCE_MESSAGES, PROJECT_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { disabled, hidden, visible } from './support/wait';

/**
 * Projects in chromium against the real console: a trial owner makes an instance, finds its
 * default project under Projects, adds one (appended to the list), renames it in place (kept
 * across a reload), copies its key, fills the account's sites (the limit's words, Create
 * disabled), and deletes a project after a confirmation, which frees a site.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
const SITES = ACCOUNT_LIMITS.trial.sites;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
}, 120_000);
afterAll(async () => {
  await closeJourney({ server, browser });
});

const table = () => page.getByRole('table', { name: 'Projects' });
const rowOf = (name: string) => table().getByRole('row', { name: new RegExp(name) });
const left = () => page.getByTestId('projects-left');

async function createProject(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await visible(dialog);
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await visible(page.getByText(PROJECT_MESSAGES.created(name)));
  await hidden(dialog);
}

describe('projects journey in chromium', () => {
  it('an instance comes with its default project, found under Projects in the account menu', async () => {
    await signUpOwner(page, { name: 'Pia Projects', organization: 'Project Works', email: `projects-${Date.now()}@example.com` });
    await page.getByRole('link', { name: 'Create Instance' }).first().click();
    await page.waitForURL(/\/instances\/create$/);
    await page.getByLabel(/^Name/).fill('Shopfront');
    await page.getByLabel(/^Instance URL/).fill(`shopfront-${Date.now()}`);
    await visible(page.getByLabel('Available'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByText(INSTANCE_MESSAGES.created('Shopfront')));

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Projects' }).click();
    await page.waitForURL(/\/client\/projects$/);
    await visible(rowOf('Shopfront'));
    expect(await table().getByRole('row').count()).toBe(2);
    await visible(rowOf('Shopfront').getByText('Default'));
    expect(await left().textContent()).toBe(`${SITES - 1} of ${SITES} projects left on your account`);
    await expectAccessible(page, 'projects: the default project');
  });

  it('creates a project: the dialog checks the name, and the new one is appended to the list', async () => {
    await page.getByRole('button', { name: 'Create project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create project' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(dialog.getByText(PROJECT_MESSAGES.nameRequired));
    await expectAccessible(page, 'projects: create dialog with an error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    await createProject('Storefront');
    const rows = table().getByRole('row');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(2).textContent()).toContain('Storefront');
    expect(await left().textContent()).toBe(`${SITES - 2} of ${SITES} projects left on your account`);
    await expectAccessible(page, 'projects: a project created');
  });

  it('renames it in place, and the new name survives a reload', async () => {
    await rowOf('Storefront').getByRole('button', { name: 'Edit name of project Storefront' }).click();
    const input = page.getByRole('textbox', { name: 'name of project Storefront' });
    await visible(input);
    await expectAccessible(page, 'projects: renaming in place');
    await input.fill('Storefront EU');
    await input.press('Enter');
    await visible(page.getByText(PROJECT_MESSAGES.renamed));
    await page.reload();
    await visible(rowOf('Storefront EU'));
    await expectAccessible(page, 'projects: renamed');
  });

  it('copies the project’s key', async () => {
    const key = (await rowOf('Storefront EU').locator('code').textContent())?.trim() ?? '';
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await rowOf('Storefront EU').getByRole('button', { name: 'Copy project key of Storefront EU' }).click();
    await visible(rowOf('Storefront EU').getByRole('button', { name: 'project key of Storefront EU: copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page, 'projects: key copied');
  });

  it('reaches the account’s limit: its words show and Create is disabled', async () => {
    await createProject('Checkout');
    await visible(left().getByText(PROJECT_MESSAGES.limitReached));
    await disabled(page.getByRole('button', { name: 'Create project' }));
    await expectAccessible(page, 'projects: limit reached');
  });

  it('deletes a project after a confirmation, which frees a site; the default project offers no Delete', async () => {
    // Every row names the instance Shopfront; the default project is the one marked Default.
    const defaultRow = table().getByRole('row').filter({ hasText: 'Default' });
    expect(await defaultRow.count()).toBe(1);
    expect(await defaultRow.getByRole('button', { name: /^Delete project/ }).count()).toBe(0);
    await rowOf('Checkout').getByRole('button', { name: 'Delete project Checkout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await visible(confirm.getByText(PROJECT_MESSAGES.deleteConfirm('Checkout')));
    await expectAccessible(page, 'projects: delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText(PROJECT_MESSAGES.deleted));
    await hidden(rowOf('Checkout'));
    await visible(left().filter({ hasText: `1 of ${SITES} projects left on your account` }));
    await disabled(page.getByRole('button', { name: 'Create project' }), false);
    await expectAccessible(page, 'projects: a project deleted');
  });
});
