import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * The version upgrade in chromium: an instance on 1.20 is offered an upgrade,
 * a version whose agent fails to start is rolled back by the console (the
 * details say so), and an upgrade to 1.21 lands with the new version chip.
 * The console runs with two operator settings: new instances on 1.20, and a
 * version 1.22 whose agent file exits at start (EXTRA_VERSIONS).
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const name = 'Upgrade Shop';
/** Status polling runs every 10 s during an upgrade; a restart and a rollback take a few more. */
const SETTLE_MS = 60_000;
const BROKEN_AGENT = fileURLToPath(new URL('../apps/server/test/fixtures/agent-exits-at-start.mjs', import.meta.url));

beforeAll(async () => {
  ({ server, browser, page } = await openJourney({
    env: {
      NEW_INSTANCE_VERSION: '1.20',
      EXTRA_VERSIONS: JSON.stringify([{ version: '1.22', agentEntry: BROKEN_AGENT, tracker: '17.0.0' }]),
    },
  }));
});
afterAll(() => closeJourney({ server, browser }));

const chip = (version: string) => page.getByText(`v${version}`, { exact: true });
const drawer = () => page.getByRole('dialog', { name: 'Upgrade version' });

async function upgradeTo(version: string): Promise<void> {
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  await visible(drawer().getByText('Current version: v', { exact: false }));
  await drawer()
    .getByRole('radio', { name: new RegExp(`^v${version.replace('.', '\\.')} `) })
    .check();
  await expectAccessible(page, `upgrade drawer: v${version} chosen`);
  await drawer()
    .getByRole('button', { name: `Upgrade to v${version}` })
    .click();
  await visible(page.getByText(VERSION_MESSAGES.started));
  await hidden(drawer());
  await visible(page.getByText(VERSION_MESSAGES.upgrading(version)));
  await expectAccessible(page, `details: upgrading to ${version}, started toast`);
}

describe('version upgrade journey in chromium', () => {
  it('creates an instance, which runs 1.20 and is offered an upgrade', async () => {
    await signUpWithRunningInstance(page, {
      owner: 'Ada Owner',
      organization: 'Analytical Engines',
      email: `upgrade-${stamp}@example.com`,
      name,
      url: `upgrade-${stamp}`,
      settleMs: SETTLE_MS,
    });
    await visible(chip('1.20'));
    await visible(page.getByRole('button', { name: 'Upgrade Now' }));
    await expectAccessible(page, 'details: upgrade offered');
  });

  it('shows the versions with the trackers they read in a 500 px drawer', async () => {
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await visible(drawer().getByText('Reads trackers up to 15.0.0'));
    // When new versions reach the instance's region (the release days): its weekday, 06:00 UTC, and the next such date.
    await visible(drawer().getByText(/^New versions reach .+ on \w+day at 06:00 UTC; next: \w{3} \d{1,2}, \d{4}\.$/));
    await visible(drawer().getByRole('radio', { name: /^v1\.21 / }));
    await visible(drawer().getByText('Reads trackers up to 17.0.0'));
    const width = await page.locator('.mantine-Drawer-content').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(500);
    await expectAccessible(page, 'upgrade drawer: open');
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await hidden(drawer());
  });

  it('rolls a version that fails to start back to 1.20 by itself, and says what happened', async () => {
    const lastBackup = page.getByText('Last Backup').locator('..');
    await visible(lastBackup.getByText('No backup yet'));
    await upgradeTo('1.22');
    const notice = page.getByText(VERSION_MESSAGES.rolledBack('1.22', '1.20'));
    await notice.waitFor({ timeout: SETTLE_MS });
    await visible(chip('1.20'));
    await hidden(page.getByText(VERSION_MESSAGES.upgrading('1.22')));
    await page.getByRole('tab', { name: 'Events' }).click();
    await visible(page.getByRole('cell', { name: /Version 1\.22 did not start/ }));
    await visible(page.getByRole('cell', { name: /Rolled back to 1\.20/ }));
    // The banner says what happened and what to do, and names nothing of the console's host (issue 42).
    const banner = page.getByRole('alert').filter({ hasText: VERSION_MESSAGES.rolledBack('1.22', '1.20') });
    await visible(banner.getByText(VERSION_MESSAGES.didNotStart('1.22')));
    expect(await page.locator('body').innerText()).not.toContain(server.dataDir);
    // The backup the upgrade took first is one of the instance's backups: Last Backup counts it (issue 42).
    await hidden(lastBackup.getByText('No backup yet'));
    await expectAccessible(page, 'details: rolled back, the events say so');
  });

  it('upgrades to 1.21 and shows the new version chip', async () => {
    await upgradeTo('1.21');
    await chip('1.21').waitFor({ timeout: SETTLE_MS });
    await hidden(page.getByText(VERSION_MESSAGES.rolledBack('1.22', '1.20')));
    await page.getByRole('tab', { name: 'Events' }).click();
    await visible(page.getByRole('cell', { name: /Upgraded from 1\.20 to 1\.21/ }));
    // 1.22 is still newer, so the upgrade is still offered.
    await visible(page.getByRole('button', { name: 'Upgrade Now' }));
    await expectAccessible(page, 'details: upgraded to 1.21');
  });
});
