import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_MESSAGES } from '@replay/contracts';
import { whileHeld } from './support/agents';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import { agentPids, type ConsoleServer } from './support/server';
import { disabled, hidden, tabOpenedBy, visible } from './support/wait';

let server: ConsoleServer;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const email = `instances-${stamp}@example.com`;
const url = `e2e-${stamp}`;
const firstName = 'Journey Shop';
const newName = 'Journey Shop EU';
/** Status polling runs every 10 s, the start of an agent takes a few more. */
const SETTLE_MS = 45_000;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

const badge = (tone: string, label: string) => page.locator(`[data-tone="${tone}"]`, { hasText: label });

async function action(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function protection(on: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Termination Protection' });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(String(on));
  await expectAccessible(page, `details: actions menu open, protection ${on ? 'on' : 'off'}`);
  await page.keyboard.press('Escape');
  await hidden(toggle);
}

describe('instances journey in chromium', () => {
  it('signs up and creates a small AWS instance', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill('Ada Owner');
    await page.getByLabel('Organization').fill('Analytical Engines');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByText('Welcome!'));
    await expectAccessible(page, 'instances: empty');

    await page.getByRole('link', { name: 'Create Instance' }).click();
    await page.waitForURL(/\/instances\/create$/);
    await visible(page.getByRole('heading', { name: 'Create Instance' }));
    expect(await page.title()).toMatch(/^Create Instance - .+ Console$/);
    await visible(page.getByRole('radio', { name: /Small/ }).and(page.locator('[aria-checked="true"]')));
    await visible(page.getByText('Free Trial Eligible'));
    await visible(page.getByText(INSTANCE_MESSAGES.createNote));
    await expectAccessible(page, 'create: empty');

    // Required fields' labels end in an asterisk.
    await page.getByLabel(/^Name/).fill(firstName);
    const urlField = page.getByLabel(/^Instance URL/);
    await urlField.fill('');
    await urlField.pressSequentially(`${url}.!`);
    // Only letters, digits, underscore and hyphen are kept as you type.
    await expect.poll(() => urlField.inputValue()).toBe(url);
    await visible(page.getByLabel('Available'));
    await expectAccessible(page, 'create: filled, URL available');
    const create = page.getByRole('button', { name: 'Create', exact: true });
    await disabled(create, false);
    await create.dblclick();
    await visible(page.getByText(INSTANCE_MESSAGES.created(firstName)));
    // The account's first instance, right after sign-up: its getting-started steps open, once.
    await page.waitForURL(/\/onboarding\/installing$/);
    await visible(page.getByRole('heading', { name: `Getting Started: ${firstName}` }));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Instances' }).click();
    await page.waitForURL(/\/instances$/);
  });

  it('watches the new instance turn into a healthy running badge, and only one instance was made', async () => {
    const row = page.getByRole('row', { name: new RegExp(firstName) });
    // The instance was made while its getting-started steps were open: by the time the list shows, the workflow
    // may be at any step, or done. Whatever it is at, the badge says it in words.
    const badge = row.locator('[data-tone]').first();
    await visible(badge);
    expect((await badge.textContent())?.trim()).toMatch(/^(Creating|Initializing|Starting|Running)\b/);
    if ((await badge.getAttribute('data-tone')) === 'progress') await expectAccessible(page, 'instances: one instance being made');
    await row.locator('[data-tone="success"]', { hasText: 'Running' }).waitFor({ timeout: SETTLE_MS });
    await visible(page.getByText('Showing 1 to 1 of 1 instances.'));
    expect(await page.getByRole('row').count()).toBe(2);
    await expectAccessible(page, 'instances: one instance running');

    const filter = page.getByPlaceholder('Filter by instance name');
    await filter.fill('no such instance');
    await visible(page.getByText('No matching results'));
    await expectAccessible(page, 'instances: no match for the filter');
    await filter.fill('');
    await visible(page.getByRole('row', { name: new RegExp(firstName) }));
  });

  it('refuses a URL already in use on the create page', async () => {
    await page.getByRole('link', { name: 'Create Instance' }).click();
    await page.getByLabel(/^Instance URL/).fill(url);
    await visible(page.getByText(INSTANCE_MESSAGES.urlTaken));
    await expectAccessible(page, 'create: URL taken');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/instances$/);
  });

  it('opens the details from the row and renames the instance', async () => {
    await page
      .getByRole('row', { name: new RegExp(firstName) })
      .getByRole('cell')
      .nth(2)
      .click();
    await page.waitForURL(/\/instances\/[^/]+$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await visible(breadcrumb.getByRole('link', { name: 'Instances' }));
    await visible(breadcrumb.getByText(firstName));
    // The first of the spec's tabs is open: Monitoring (its graphs are checked below).
    await visible(page.getByRole('tab', { name: 'Monitoring', selected: true }));
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.waitForURL(/\?tab=events$/);
    await visible(page.getByRole('cell', { name: 'Create', exact: true }));
    // The details' latest events, at a glance above the tabs: the create is among them.
    await visible(page.getByRole('region', { name: 'Latest events' }).getByRole('listitem').filter({ hasText: 'Create' }).first());
    await expectAccessible(page, 'details: events');

    await page.getByRole('button', { name: 'Edit Instance name' }).click();
    await page.getByRole('textbox', { name: 'Instance name' }).fill(newName);
    await expectAccessible(page, 'details: editing the name');
    await page.keyboard.press('Enter');
    await visible(page.getByText(INSTANCE_MESSAGES.updated));
    await visible(breadcrumb.getByText(newName));
    await page.reload();
    await visible(breadcrumb.getByText(newName));
  });

  it('stops it after the storage-charge confirmation, and starts it again', async () => {
    await badge('success', 'Running').waitFor({ timeout: SETTLE_MS });
    await action('Stop');
    const dialog = page.getByRole('dialog', { name: 'Stop instance' });
    await visible(dialog.getByText(/still charged for storage/));
    await expectAccessible(page, 'details: stop confirmation');
    // The agent is held (SIGSTOP) until Stopping is on screen: a stop that ends before the answer is
    // drawn goes straight to Stopped (the stream's later state is kept, live-status.test.ts).
    const held = agentPids(server.dataDir);
    expect(held).not.toEqual([]);
    await whileHeld(held, async () => {
      await dialog.getByRole('button', { name: 'Stop' }).click();
      await visible(badge('progress', 'Stopping'));
    });
    await badge('neutral', 'Stopped').waitFor({ timeout: SETTLE_MS });
    await expectAccessible(page, 'details: stopped');

    await action('Start');
    await visible(badge('progress', 'Starting'));
    await badge('success', 'Running').waitFor({ timeout: SETTLE_MS });
  });

  it('watches the usage cards and the Monitoring graphs, the window kept in the address', async () => {
    for (const title of ['CPU', 'Memory', 'Disk usage']) await visible(page.locator(`[data-usage="${title}"]`));
    await page.getByRole('tab', { name: 'Monitoring' }).click();
    // The default tab leaves the address without one.
    await page.waitForURL(/\/instances\/[^/?]+$/);
    for (const name of ['CPU', 'Memory', 'Disk', 'Network']) await visible(page.getByRole('heading', { name, exact: true }));
    await page.locator('label', { hasText: '7 days' }).click();
    await page.waitForURL(/[?&]range=7d$/);
    await visible(page.getByRole('heading', { name: 'Network', exact: true }));
    await expectAccessible(page, 'details: monitoring');
  });

  it('opens the instance in a new tab through the one-time token, signed in', async () => {
    const tab = await tabOpenedBy(page.getByRole('link', { name: /localhost:\d+/ }));
    await tab.waitForURL(/^http:\/\/localhost:\d+\/$/);
    const user = tab.getByTestId('signed-in-user');
    await visible(user);
    expect(await user.textContent()).toContain('Ada Owner');
    expect(await tab.getByTestId('instance-name').textContent()).toBe(firstName);
    await tab.close();
  });

  it('refuses to terminate under termination protection, and terminates once it is off and TERMINATE is typed', async () => {
    await protection(true);
    await action('Terminate');
    let dialog = page.getByRole('dialog', { name: 'Terminate instance' });
    await visible(dialog.getByText(INSTANCE_MESSAGES.terminationProtected));
    await disabled(dialog.getByRole('button', { name: 'Terminate' }));
    await expectAccessible(page, 'details: terminate refused under protection');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);

    await protection(false);
    await action('Terminate');
    dialog = page.getByRole('dialog', { name: 'Terminate instance' });
    const confirm = dialog.getByRole('button', { name: 'Terminate' });
    await dialog.getByLabel('Type TERMINATE to confirm').fill('terminate');
    await disabled(confirm);
    await dialog.getByLabel('Type TERMINATE to confirm').fill('  TERMINATE ');
    await disabled(confirm, false);
    await expectAccessible(page, 'details: terminate confirmation typed');
    // Held as for the stop: a termination that ends before the answer is drawn skips Terminating.
    const held = agentPids(server.dataDir);
    expect(held).not.toEqual([]);
    await whileHeld(held, async () => {
      await confirm.click();
      await visible(badge('progress', 'Terminating'));
    });
    await badge('neutral', 'Terminated').waitFor({ timeout: SETTLE_MS });
    await expectAccessible(page, 'details: terminated');

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Instances' }).click();
    await visible(page.getByText('Welcome!'));
  });

  it("lists the instance's life on the Activity screen", async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Activity' }).click();
    await visible(page.getByText(`Instance ${newName} terminated`));
    await expectAccessible(page, 'activity: filled');
  });

  it('leaves no agent process behind', async () => {
    expect(agentPids(server.dataDir)).toEqual([]);
    await server.stop();
    expect(agentPids(server.dataDir)).toEqual([]);
  });
});
