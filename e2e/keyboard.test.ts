import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTANCE_MESSAGES, MEMBER_MESSAGES, ROLE_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import { expectFocusOn, expectFocusRing, focusInside, hasFocus, liveRegionWith, spinnersWithoutText, tabTo, tabToVisibly } from './support/keyboard';
import type { ConsoleServer } from './support/server';
import { hidden, valueOf, visible } from './support/wait';

/**
 * Issue 10, point 5: sign up, create an instance, open its details, make a
 * role and invite a member with the keyboard alone (Tab, Shift+Tab, Enter,
 * Space, arrows, Escape and typing; no click, no fill). Each control is
 * reached by tabbing to it by its role and accessible name, and shows a
 * focus ring; dialogs keep focus inside and give it back to their opener;
 * toasts land in a live region; tables have column headers; badges and
 * spinners carry text.
 */

let server: ConsoleServer;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const email = `keyboard-${stamp}@example.com`;
const memberEmail = `keyboard-member-${stamp}@example.com`;
const instanceName = 'Keyboard Shop';
const roleName = 'Keyboard viewers';
/** Status polling runs every 10 s, the start of an agent takes a few more (as in instances.test.ts). */
const SETTLE_MS = 45_000;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

/** Tabs to a text field by its label, with a ring, and types into it. */
async function typeInto(label: string | RegExp, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label, exact: typeof label === 'string' });
  await tabToVisibly(page, field);
  await page.keyboard.type(text);
  await valueOf(field, text);
}

async function columnHeaders(tableName: string): Promise<string[]> {
  const table = page.getByRole('table', { name: tableName });
  await visible(table.getByRole('columnheader'));
  return (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
}

const mainMenu = () => page.getByRole('navigation', { name: 'Main menu' });

describe('keyboard-only journey in chromium', () => {
  it('signs up with the keyboard alone', async () => {
    await page.goto('/signup');
    await visible(page.getByRole('heading', { name: 'Create Account' }));
    await expectAccessible(page, 'keyboard: sign-up');
    await typeInto('Name', 'Kay Board');
    // The next field is one Tab away: the form's order is the visual order.
    await page.keyboard.press('Tab');
    await expectFocusOn(page, page.getByRole('textbox', { name: 'Organization' }));
    await page.keyboard.type('Keyed Engines');
    await typeInto('Email Address', email);
    const password = page.getByLabel('Password', { exact: true });
    await tabToVisibly(page, password);
    await page.keyboard.type('Secret-pass1');
    const create = page.getByRole('button', { name: 'Create Account' });
    await tabToVisibly(page, create);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/instances/);
    await visible(page.getByRole('heading', { name: 'Welcome!' }));
    // A new account's first steps are the getting-started ones (the spec's onboarding).
    await visible(page.getByRole('region', { name: 'Getting Started' }).getByText('Create your instance'));
  });

  it('creates an instance from the instances list, picking its capacity with the arrow keys', async () => {
    await tabToVisibly(page, page.getByRole('link', { name: 'Create Instance' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/instances\/create$/);
    await visible(page.getByRole('heading', { name: 'Create Instance' }));
    // A route change is silent by itself: the new screen's title is said in a live region.
    await visible(liveRegionWith(page, 'Create Instance - '));
    await expectAccessible(page, 'keyboard: create instance');

    const small = page.getByRole('radio', { name: /^Small/ });
    const medium = page.getByRole('radio', { name: /^Medium/ });
    await tabToVisibly(page, small);
    expect(await small.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expectFocusOn(page, medium);
    expect(await medium.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expectFocusOn(page, small);
    expect(await small.getAttribute('aria-checked')).toBe('true');
    // The sizes are one tab stop: Tab leaves the group.
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByRole('radio'))).toBe(false);

    await typeInto(/^Name/, instanceName);
    // The URL follows the name; its availability is said in words, not only by a tick.
    await visible(page.getByLabel('Available'));
    const create = page.getByRole('button', { name: 'Create', exact: true });
    await tabToVisibly(page, create);
    await page.keyboard.press('Enter');

    await visible(liveRegionWith(page, INSTANCE_MESSAGES.created(instanceName)));
    // Right after sign-up the first instance opens its getting-started steps; the menu leads back to the list.
    await page.waitForURL(/\/onboarding\/installing$/);
    await visible(page.getByRole('heading', { name: `Getting Started: ${instanceName}` }));
    await expectAccessible(page, 'keyboard: getting started, install step');
    await tabToVisibly(page, mainMenu().getByRole('link', { name: 'Instances' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/instances$/);
  });

  it('shows the list as a table with column headers and a status badge in words', async () => {
    expect(await columnHeaders('Instances')).toEqual(['Name', 'Capacity', 'Region', 'Last Modified', 'Status']);
    const row = page.getByRole('row', { name: new RegExp(instanceName) });
    const badge = row.locator('[data-tone]');
    await visible(badge);
    // Whatever step it is at, the badge says it in text; while it changes, its spinner is decoration beside the words.
    expect((await badge.textContent())?.trim()).toMatch(/^(Creating|Initializing|Starting|Running)\b/);
    if ((await badge.getAttribute('data-tone')) === 'progress') expect(await badge.locator('.mantine-Loader-root').count()).toBe(1);
    expect(await spinnersWithoutText(page)).toEqual([]);
    await expectAccessible(page, 'keyboard: instances list');
  });

  it("opens the instance's details from its row", async () => {
    const link = page.getByRole('row', { name: new RegExp(instanceName) }).getByRole('link', { name: instanceName });
    await tabToVisibly(page, link);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/instances\/[^/]+$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await visible(breadcrumb.getByText(instanceName));
    await visible(liveRegionWith(page, `${instanceName} - `));
    await expectAccessible(page, 'keyboard: instance details');
    expect(await spinnersWithoutText(page)).toEqual([]);
    await tabToVisibly(page, page.getByRole('button', { name: 'Edit Instance name' }));
    // The open tab (Monitoring, the first) takes the focus; an arrow opens the next one.
    await tabToVisibly(page, page.getByRole('tab', { name: 'Monitoring', selected: true }));
    await page.keyboard.press('ArrowRight');
    await visible(page.getByRole('tab', { name: 'Events', selected: true }));
    expect(await columnHeaders('Events')).toEqual(['Action', 'Comments', 'By', 'Time']);
  });

  it('creates a role in a dialog: Space ticks a permission', async () => {
    await tabToVisibly(page, mainMenu().getByRole('link', { name: 'Roles' }));
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { name: 'Roles and Access' }));
    const open = page.getByRole('button', { name: 'Create Role' });
    await tabToVisibly(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Role' });
    await expectFocusOn(page, dialog.getByRole('textbox', { name: 'Name' }));
    await expectFocusRing(page);
    await page.keyboard.type(roleName);
    await expectAccessible(page, 'keyboard: create role dialog');
    const view = dialog.getByRole('checkbox', { name: 'View instances' });
    await tabToVisibly(page, view);
    await page.keyboard.press('Space');
    expect(await view.isChecked()).toBe(true);
    await tabToVisibly(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await visible(liveRegionWith(page, ROLE_MESSAGES.added));
    await hidden(dialog);
    // The dialog is gone: focus is back on the button that opened it.
    await expectFocusOn(page, open);
    expect(await columnHeaders('Roles')).toContain('Name');
  });

  it('the invite dialog keeps focus inside and gives it back on Escape', async () => {
    await tabToVisibly(page, mainMenu().getByRole('link', { name: 'Team' }));
    await page.keyboard.press('Enter');
    const invite = page.getByRole('button', { name: 'Invite Team Member' });
    await tabToVisibly(page, invite);
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expectFocusOn(page, dialog.getByRole('textbox', { name: 'Name' }));

    // Invite is disabled while the form is empty, so Cancel is the last control: Tab wraps to the first.
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), { max: 10 });
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
    await expectFocusRing(page);
    // Every control of the dialog is named: its close button too.
    expect(await dialog.getByRole('button', { name: /close/i }).count()).toBe(1);
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog)).toBe(true);

    await page.keyboard.press('Escape');
    await hidden(dialog);
    await expectFocusOn(page, invite);
    await expectFocusRing(page);
  });

  it('invites a member with the keyboard alone, announced and shown with a Pending badge', async () => {
    const invite = page.getByRole('button', { name: 'Invite Team Member' });
    await expectFocusOn(page, invite);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expectFocusOn(page, dialog.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type('Grace Keys');
    await typeInto('Email', memberEmail);

    const role = dialog.getByRole('textbox', { name: 'Role' });
    await tabToVisibly(page, role);
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option', { name: roleName });
    await visible(option);
    await expectAccessible(page, 'keyboard: invite dialog, role list open');
    // Arrow keys walk the options (the account's starter roles come before the one made here); Enter picks the one selected.
    const options = await page.getByRole('option').count();
    for (let step = 0; step < options && (await option.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await page.keyboard.press('Enter');
    await valueOf(role, roleName);

    const send = dialog.getByRole('button', { name: 'Invite', exact: true });
    await tabToVisibly(page, send);
    // Invite is the last control now: Tab wraps inside the dialog, and Shift+Tab comes back.
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
    expect(await hasFocus(send)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, send);
    await page.keyboard.press('Enter');

    await visible(liveRegionWith(page, MEMBER_MESSAGES.invitationSent));
    await hidden(dialog);
    await expectFocusOn(page, invite);

    const headers = await columnHeaders('Team members');
    expect(headers.slice(0, 4)).toEqual(['Name', 'Email', 'Role', 'State']);
    // The row controls' column is headed too, for screen readers only.
    expect(headers[4]).toBe('Actions');
    const row = page.getByRole('row').filter({ hasText: memberEmail });
    await visible(row.getByText('Pending', { exact: true }));
    await tabToVisibly(page, row.getByRole('button', { name: 'Edit Grace Keys' }));
  });

  it("opens the running instance's Actions menu with the keyboard; its Stop dialog gives focus back to the menu's button", async () => {
    await tabToVisibly(page, mainMenu().getByRole('link', { name: 'Instances' }));
    await page.keyboard.press('Enter');
    await tabToVisibly(page, page.getByRole('row', { name: new RegExp(instanceName) }).getByRole('link', { name: instanceName }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/instances\/[^/]+$/);
    // The menu shows once the instance runs: status polling and the agent's start take a while.
    await page.locator('[data-tone="success"]', { hasText: 'Running' }).waitFor({ timeout: SETTLE_MS });

    const actions = page.getByRole('button', { name: 'Actions' });
    await tabToVisibly(page, actions);
    await page.keyboard.press('Enter');
    const stop = page.getByRole('menuitem', { name: 'Stop' });
    await tabTo(page, stop, { key: 'ArrowDown', max: 5 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Stop instance' });
    await expectFocusOn(page, dialog.getByRole('button', { name: 'Stop' }));
    await expectAccessible(page, 'keyboard: stop dialog');
    await expectFocusRing(page);
    await page.keyboard.press('Escape');
    await hidden(dialog);
    // The menu item is gone with its menu: focus goes back to the menu's button.
    await expectFocusOn(page, actions);
    await expectFocusRing(page);
  });
});
