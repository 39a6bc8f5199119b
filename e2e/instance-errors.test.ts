import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_ERROR_MESSAGES } from '@replay/contracts';
import { FILE, THROWING_LINE, built, minifiedErrorEvent } from '../apps/agent/test/fixtures/minified-error';
import { cleanUp, consoleToken, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { visible } from './support/wait';

/**
 * The instance's Errors screens in chromium (issue 43): an error thrown by a really minified
 * script is listed, its page says source maps must be uploaded until someone signed in to the
 * instance uploads the build's map through the instance's API, then shows the original frame
 * with its code; FULL and RAW switch with the keyboard; every screen passes axe, also 390 px
 * wide, without sideways scrolling.
 */
let agent: RunningAgent;
let browser: Browser;
let page: Page;

async function accessibleAtBothWidths(label: string): Promise<void> {
  await expectAccessible(page, label);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  agent = await startAgentProcess();
  for (const sessionId of ['visit-1', 'visit-2']) {
    const res = await fetch(`${agent.url}/api/errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
      body: JSON.stringify(minifiedErrorEvent(sessionId)),
    });
    expect(res.status).toBe(202);
  }
  browser = await launchBrowser();
  page = await newPage(browser, agent.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/login?token=${consoleToken(agent, 'login')}`);
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await cleanUp();
});

describe("the instance's Errors screens", () => {
  it('list the error grouped, with its count and sessions, and pass axe', async () => {
    await page.getByTestId('errors-link').click();
    const group = page.getByTestId('error-group');
    await visible(group);
    expect(await page.getByTestId('error-group').count()).toBe(1);
    const text = (await group.textContent()) ?? '';
    expect(text).toContain('TypeError: Cart total too high: 200');
    expect(text).toMatch(/Occurrences\s*2/);
    expect(text).toMatch(/Sessions\s*2/);
    await accessibleAtBothWidths('errors list');
  });

  it('show the minified frames and say source maps must be uploaded, RAW showing the browser’s stack', async () => {
    await page.getByRole('link', { name: 'TypeError: Cart total too high: 200' }).click();
    await visible(page.getByText(JS_ERROR_MESSAGES.noSourceMaps));
    expect(await page.getByTestId('frame-file').first().textContent()).toBe(FILE);
    expect(await page.getByTestId('replay-latest').getAttribute('href')).toBe('/sessions/visit-2');
    await accessibleAtBothWidths('error without source maps');

    // The toggle with the keyboard alone: RAW is the link after FULL.
    await page.getByTestId('view-full').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('raw-stack'));
    expect(await page.getByTestId('raw-stack').textContent()).toContain('TypeError: Cart total too high: 200');
    expect(await page.getByTestId('view-raw').getAttribute('aria-current')).toBe('true');
    await accessibleAtBothWidths('error, RAW');
  });

  it('show the original file, line:column and code once the map is uploaded through the instance’s API', async () => {
    // The browser's own cookie, sent by its request context (the page's CSP lets no script of it call out).
    const res = await page.context().request.post(`/api/sourcemaps?release=2.4.0&fileUrl=${encodeURIComponent(FILE)}`, { headers: { 'Content-Type': 'application/json' }, data: built.map });
    const status = res.status();
    expect(status).toBe(201);
    await page.getByTestId('view-full').click();
    await visible(page.getByTestId('frame-code'));
    expect(await page.getByText(JS_ERROR_MESSAGES.noSourceMaps).count()).toBe(0);
    expect(await page.getByTestId('frame-file').first().textContent()).toBe('src/cart.js');
    expect(await page.getByTestId('frame-where').first().textContent()).toMatch(new RegExp(`^${THROWING_LINE}:\\d+$`));
    expect(await page.getByTestId('frame-code').first().textContent()).toContain('throw new TypeError("Cart total too high: " + sum);');
    await accessibleAtBothWidths('error with its source map');
  });
});
