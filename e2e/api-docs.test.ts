import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { startConsole, type ConsoleServer } from './support/server';

/**
 * Issue 18, point 2: /api/docs renders the API's document for people, in a real browser,
 * from files this console serves (no CDN), with nothing wrong reported: no console error,
 * no uncaught error, no CSP violation.
 */

let server: ConsoleServer;
let browser: Browser;

beforeAll(async () => {
  server = await startConsole();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  server?.dispose();
});

describe('/api/docs in a browser', () => {
  it('shows the operations, grouped by tag, with their security and error codes, and reports nothing wrong', async () => {
    const page = await newPage(browser, server.url);
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) foreign.push(request.url());
    });

    const res = await page.goto('/api/docs');
    expect(res?.status()).toBe(200);
    // Redoc's menu: the tags, in the document's order.
    await page.getByRole('menuitem', { name: 'Instances' }).first().waitFor();
    await expect(page.getByRole('menuitem', { name: 'API keys' }).first().isVisible()).resolves.toBe(true);
    // An operation's own section, reached from the menu: its summary, its Idempotency-Key, its schemes and an error it answers.
    await page.getByRole('menuitem', { name: 'Instances' }).first().click();
    await page
      .getByRole('menuitem', { name: /Create instance/ })
      .first()
      .click();
    const section = page.locator('[id="tag/Instances/operation/createInstance"]');
    await section.getByRole('heading', { name: 'Create instance' }).waitFor();
    await expect(section.getByText('Idempotency-Key').first().isVisible()).resolves.toBe(true);
    await expect(
      section
        .getByText(/apiKey/)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(section.getByRole('button', { name: /422/ }).first().isVisible()).resolves.toBe(true);

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    // The menu, the document's header and one operation: every operation is the same template.
    await expectAccessible(page, 'api docs: an operation open', ['.menu-content', '.api-content > div:first-child', '[id="tag/Instances/operation/createInstance"]']);
  });
});
