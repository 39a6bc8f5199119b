import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { letAccountPay, signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { disabled, hidden, visible } from './support/wait';

/**
 * Manage Disk as a user does it, in chromium, against a real console and a
 * real agent: a free account is sent to billing setup; once the account may
 * pay, the disk grows through the drawer and the new size shows; a cleanup
 * of old recordings is confirmed, initiated, run by the workflow, and then
 * blocked for 6 hours with the spec's tooltip.
 */

let server: ConsoleServer;
let browser: Browser;
let page: Page;
let instanceId: string;

const stamp = Date.now();
const name = 'Disk Journey';
const SETTLE_MS = 45_000;

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

const drawer = () => page.getByRole('dialog', { name: 'Manage Disk' });

async function openDrawer(): Promise<void> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Manage Disk' }).click();
  await visible(drawer().getByText(/Current size: \d+ GB/));
}

async function closeDrawer(): Promise<void> {
  await page.keyboard.press('Escape');
  await hidden(drawer());
}

describe('Manage Disk journey in chromium', () => {
  it('signs up, creates an instance and opens it once it runs', async () => {
    instanceId = await signUpWithRunningInstance(page, {
      owner: 'Ada Owner',
      organization: 'Disk Engines',
      email: `disk-${stamp}@example.com`,
      name,
      url: `disk-${stamp}`,
      settleMs: SETTLE_MS,
    });
    await visible(page.getByRole('tab', { name: 'Events' }));
  });

  it('sends a free account to billing setup instead of growing the disk', async () => {
    await openDrawer();
    await visible(drawer().getByText(DISK_MESSAGES.billingRequired));
    await visible(drawer().getByRole('link', { name: 'Set up billing' }));
    expect(await drawer().getByRole('button', { name: 'Increase disk size' }).count()).toBe(0);
    await expectAccessible(page, 'manage disk: drawer open, free account');
    await closeDrawer();
  });

  it('grows the disk through the drawer and shows the new size', { timeout: 180_000 }, async () => {
    server = await letAccountPay(server);
    // Recordings of five days ago on the instance, for the cleanup below (the agent counts them when asked).
    const day = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const old = join(server.dataDir, 'instances', instanceId, 'data', 'sessions', day);
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'old.jsonl'), 'o'.repeat(3000));

    await page.reload();
    await visible(page.locator('[data-tone="success"]', { hasText: 'Running' }));
    await openDrawer();
    await visible(drawer().getByText('Current size: 120 GB'));
    const size = drawer().getByRole('textbox', { name: 'New disk size (GB)' });
    const increase = drawer().getByRole('button', { name: 'Increase disk size' });
    await disabled(increase, true);
    await size.fill('125');
    await visible(drawer().getByText(DISK_MESSAGES.diskSize));
    await disabled(increase, true);
    await expectAccessible(page, 'manage disk: a size that is not a step of 10 (error)');
    await size.fill('200');
    await visible(drawer().getByRole('row', { name: /New size \(200 GB\)/ }));
    await visible(drawer().getByRole('row', { name: /Difference \+\$/ }));
    await disabled(increase, false);
    await expectAccessible(page, 'manage disk: drawer open, new size and price');
    // By keyboard: the button is reached and pressed without the mouse.
    await increase.focus();
    await page.keyboard.press('Enter');
    await visible(
      drawer()
        .getByText('Current size: 200 GB')
        .or(drawer().getByText(/The disk size is being increased/)),
    );
    await drawer().getByText('Current size: 200 GB').waitFor({ timeout: SETTLE_MS });
    await expectAccessible(page, 'manage disk: disk grown');
    await closeDrawer();
    await visible(page.getByText('200 GB', { exact: true }));
  });

  it('runs a cleanup: what it frees, a confirmation, the toast, the last cleanup time, then the 6-hour rule', async () => {
    await openDrawer();
    const section = drawer().getByRole('region', { name: 'Clean up recordings' });
    const threeDays = section.getByRole('radio', { name: /Older than 3 days/ });
    await visible(section.getByText('Frees 3 kB'));
    expect(await section.getByRole('radio', { name: /Older than 7 days/ }).isChecked()).toBe(true);
    await visible(section.getByText('No cleanup has been requested yet.'));
    // Arrow keys move within the radio group: 7 days → 3 days.
    await section.getByRole('radio', { name: /Older than 7 days/ }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await threeDays.isChecked()).toBe(true);
    await section.getByRole('button', { name: 'Clean up' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Clean up recordings' });
    await visible(confirm.getByText(/older than 3 days will be removed/));
    await expectAccessible(page, 'cleanup: confirm dialog');
    await confirm.getByRole('button', { name: 'Clean up' }).click();
    await hidden(confirm);
    await visible(page.getByRole('alert').filter({ hasText: DISK_MESSAGES.cleanupInitiated }));
    await expectAccessible(page, 'cleanup: initiated toast');
    await section.getByText(/^Last cleanup: /).waitFor({ timeout: SETTLE_MS });

    const blocked = section.getByRole('button', { name: 'Clean up' });
    await expect.poll(() => blocked.getAttribute('aria-disabled')).toBe('true');
    await blocked.focus();
    await visible(page.getByText(DISK_MESSAGES.cleanupOncePerInterval));
    await expectAccessible(page, 'cleanup: blocked for 6 hours, tooltip');
    await closeDrawer();

    // The workflow's record of what it freed is among the events.
    await page.getByRole('tab', { name: 'Events' }).click();
    await visible(page.getByRole('cell', { name: 'Recordings older than 3 days removed, 3000 bytes freed' }));
  });
});
