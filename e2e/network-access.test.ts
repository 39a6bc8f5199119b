import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LIST_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * The Network access tab in chromium, against the real console and a real agent: the owner
 * lists a range that leaves their own address out, is warned, saves anyway, and the instance's
 * own page then refuses their browser while the console still reaches the instance; the tester
 * asks the instance; adding their own address lets them in again.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
const stamp = Date.now();

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(async () => {
  await closeJourney({ server, browser });
});

/** The instance's home page as this browser gets it: its status and heading. */
async function instancePage(instanceUrl: string): Promise<{ status: number; heading: string }> {
  const tab = await page.context().newPage();
  try {
    const response = await tab.goto(instanceUrl);
    return { status: response?.status() ?? 0, heading: (await tab.getByRole('heading', { level: 1 }).textContent()) ?? '' };
  } finally {
    await tab.close();
  }
}

describe('network access journey in chromium', () => {
  let detailsUrl = '';
  let instanceUrl = '';

  it('shows an open instance, then warns before a list without the owner’s address and applies it', async () => {
    await signUpWithRunningInstance(page, { owner: 'Ada Owner', organization: 'Fence Works', email: `fence-${stamp}@example.com`, name: 'Fenced Shop', url: `fence-${stamp}`, settleMs: 60_000 });
    detailsUrl = page.url();
    instanceUrl =
      (await page
        .getByRole('link', { name: /^http:\/\/localhost:\d+ opens in a new tab$/ })
        .first()
        .getAttribute('href')) ?? '';
    expect((await instancePage(instanceUrl)).status).toBe(200);
    await page.getByRole('tab', { name: 'Network access' }).click();
    await visible(page.getByText(ACCESS_LIST_MESSAGES.open));
    await expectAccessible(page, 'network access: open');

    await page.getByRole('textbox', { name: 'Address or range' }).fill('203.0.113.0/24');
    await page.getByRole('textbox', { name: 'Comment' }).fill('Office');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save without your address?' });
    await visible(dialog.getByText(ACCESS_LIST_MESSAGES.lockOut('127.0.0.1')));
    await expectAccessible(page, 'network access: lock-out warning');
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await visible(page.getByText(ACCESS_LIST_MESSAGES.saved));
    await hidden(page.getByText(ACCESS_LIST_MESSAGES.pending));
  });

  it('has the instance refuse this browser, while the console still tests addresses against it', async () => {
    expect(await instancePage(instanceUrl)).toEqual({ status: 403, heading: 'Access refused' });
    await page.reload();
    await visible(page.getByRole('table', { name: 'Allowed addresses' }).getByText('203.0.113.0/24'));
    const test = page.getByRole('textbox', { name: 'Client address' });
    await test.fill('203.0.113.9');
    await page.getByRole('button', { name: 'Test' }).click();
    await visible(page.getByText(ACCESS_LIST_MESSAGES.allowedBy('203.0.113.9', '203.0.113.0/24')));
    await test.fill('127.0.0.1');
    await page.getByRole('button', { name: 'Test' }).click();
    await visible(page.getByText(ACCESS_LIST_MESSAGES.refused('127.0.0.1')));
    await expectAccessible(page, 'network access: address refused');
  });

  it('lets the owner back in with their own address, and records both changes', async () => {
    await page.getByRole('button', { name: 'Add my address (127.0.0.1)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(ACCESS_LIST_MESSAGES.saved));
    await hidden(page.getByText(ACCESS_LIST_MESSAGES.pending));
    expect((await instancePage(instanceUrl)).status).toBe(200);
    await page.goto(`${detailsUrl.split('?')[0]}?tab=events`);
    await visible(page.getByRole('cell', { name: 'The instance is now reachable from 2 address(es) or range(s) only' }));
    await visible(page.getByRole('cell', { name: 'Network access: 203.0.113.0/24' }));
  });
});
