import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { visible } from './support/wait';

/**
 * Issue 42, points 16 and 17: every signed-in screen at a phone's width (390 × 844) with
 * nothing off to the side (the page never scrolls sideways) and its heading in view, and
 * the instance details at 1440 × 900 with their tabs within the window.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let instanceId = '';

const stamp = Date.now();
const name = 'Pocket Shop';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

/** The page's width beyond the window's: 0 when nothing sticks out sideways. */
const sidewaysOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The element's box is wholly inside the window's width. */
async function withinWidth(locator: ReturnType<Page['locator']>): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

const screens = () => [
  '/instances',
  '/instances/create',
  `/instances/${instanceId}`,
  `/instances/${instanceId}?tab=events`,
  `/instances/${instanceId}?tab=maintenance`,
  '/activities',
  '/members',
  '/roles',
  '/client/audit',
  '/client/notifications',
  '/client/webhooks',
  '/client/projects',
  '/client/sessions-listing',
  '/client/modules',
  '/billing',
  '/account/profile',
  '/account/organization',
  '/account/api-keys',
  '/account/provisioning',
  '/account/session',
  '/client/sso',
  `/${instanceId}/alerts`,
  `/${instanceId}/alert/create`,
  `/${instanceId}/errors`,
  `/${instanceId}/onboarding/installing`,
];

describe('small screens and the details page in chromium', () => {
  it('opens the details at 1440 × 900 on Monitoring, its tabs within the window, the legends with values', { timeout: 180_000 }, async () => {
    instanceId = await signUpWithRunningInstance(page, { owner: 'Ada Pocket', organization: 'Pocket Engines', email: `pocket-${stamp}@example.com`, name, url: `pocket-${stamp}`, settleMs: 60_000 });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The charts need a sample: the console takes one a minute (the usage cards show it), then the page is read again.
    await expect.poll(() => page.locator('[data-usage="Memory"]').textContent(), { timeout: 90_000 }).toMatch(/%/);
    await page.reload();
    const tabs = page.getByRole('tablist');
    await visible(page.getByRole('tab', { name: 'Monitoring', selected: true }));
    const box = await tabs.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    // Away from the chart, the legend shows the latest sample, not "no data".
    const memory = page.getByRole('region', { name: 'Memory' });
    await visible(memory.locator('.u-legend'));
    await expect.poll(() => memory.locator('.u-legend .u-value').last().textContent(), { timeout: 90_000 }).toMatch(/%$/);
    await expectAccessible(page, 'details at 1440 × 900: monitoring');
  });

  it('shows every screen at 390 px wide with nothing off to the side, its heading in view', { timeout: 300_000 }, async () => {
    await page.setViewportSize(PHONE);
    for (const path of screens()) {
      await page.goto(path);
      const heading = page.getByRole('main').getByRole('heading').first();
      await visible(heading);
      await withinWidth(heading);
      expect(await sidewaysOverflow(), path).toBeLessThanOrEqual(0);
      await expectAccessible(page, `390 px: ${path}`);
    }
  });

  it('keeps the instances list’s Status in view at 390 px, with capacity and region under the name', async () => {
    await page.goto('/instances');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await visible(page.getByRole('columnheader', { name: 'Status' }));
    await withinWidth(page.getByRole('columnheader', { name: 'Status' }));
    await withinWidth(row.locator('[data-tone]', { hasText: 'Running' }));
    await visible(row.getByText(/^Small · .+ · US East/));
    expect(await page.getByRole('columnheader', { name: 'Capacity' }).isVisible()).toBe(false);
  });

  it('lays the expanded menu over the page at 390 px, the page as wide as before, and folds it on a choice', async () => {
    await page.goto('/instances');
    await visible(page.getByRole('heading', { name: 'Instances', level: 1 }));
    const before = await page.getByRole('main').boundingBox();
    await page.getByRole('button', { name: 'Expand menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await visible(menu.getByText('Activity'));
    expect(await page.getByRole('main').boundingBox()).toEqual(before);
    expect(before!.width).toBeGreaterThan(300);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, '390 px: menu expanded over the page');
    await menu.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(/\/activities$/);
    await visible(page.getByRole('button', { name: 'Expand menu' }));
    expect(await menu.getByText('Activity').count()).toBe(0);
  });

  it('shows every Cloud Provider whole on the create form at 390 px, and takes a choice', async () => {
    await page.goto('/instances/create');
    const providers = page.getByRole('radiogroup', { name: 'Cloud Provider' });
    for (const label of ['Amazon Web Services', 'Azure', 'Google Cloud']) await withinWidth(providers.getByText(label, { exact: true }));
    await providers.getByText('Google Cloud', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Google Cloud' }).isChecked()).toBe(true);
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page, '390 px: create form, Google Cloud chosen');
  });
});
