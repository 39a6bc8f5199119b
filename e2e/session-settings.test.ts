import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformSync } from 'esbuild';
import { JS_ERROR_MESSAGES, RETENTION_MESSAGES, SESSION_SETTINGS_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { signUpWithTrackedInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * Session settings in chromium, against the real console and a real agent: the owner sets the
 * capture rate to 0 with a condition set for /checkout; the workflow gives it to the instance,
 * and a tracker on a customer's site then sees its sessions recorded only on /checkout. Back at
 * 100, every session is recorded again. Then a real minified script on that site throws; the
 * tracker reports it, and the owner opens its stack trace from the instance, first unresolved,
 * then resolved to the original source once the build's source map is uploaded.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let shop: Server;
const ORIGINAL =
  'export function total(items) {\n  let sum = 0;\n  for (const item of items) {\n    sum += item.price * item.quantity;\n  }\n  if (sum > 100) {\n    throw new TypeError("Cart total too high: " + sum);\n  }\n  return sum;\n}\n';
const built = transformSync(ORIGINAL, { minify: true, sourcemap: 'external', sourcefile: 'src/cart.js', format: 'iife', globalName: 'Cart' });
let shopOrigin = '';
let instanceId = '';
let instanceUrl = '';
let projectKey = '';

const stamp = Date.now();
const SETTLE_MS = 60_000;

/** A batch sent from the customer's site as the tracker sends it: the answer's `captured`, or the failure. */
async function trackerSends(sessionId: string, url: string): Promise<string> {
  const tab = await browser.newPage();
  try {
    await tab.goto(shopOrigin);
    return await tab.evaluate(
      async ({ target, key, session, pageUrl }) => {
        const res = await fetch(`${target}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ sessionId: session, events: [{ type: 3, timestamp: 1, data: { source: 2, type: 2, id: 1 } }], url: pageUrl }),
        });
        const body = (await res.json()) as { captured?: boolean };
        return `${res.status} ${body.captured ? 'recorded' : 'left out'}`;
      },
      { target: instanceUrl, key: projectKey, session: sessionId, pageUrl: `${shopOrigin}${url}` },
    );
  } finally {
    await tab.close();
  }
}

const recorded = (sessionId: string) => existsSync(join(server.dataDir, 'instances', instanceId, 'data', 'sessions', new Date().toISOString().slice(0, 10), `${sessionId}.jsonl`));

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
  shop = createServer((req, res) => {
    if (req.url === '/assets/app.min.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(built.code);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title><h1>Shop</h1><script src="/assets/app.min.js"></script>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  shop?.close();
  await closeJourney({ server, browser });
});

describe('session settings journey in chromium', () => {
  it('signs up with a running instance that records every session by default', async () => {
    ({ instanceId, instanceUrl, projectKey } = await signUpWithTrackedInstance(page, {
      owner: 'Ada Owner',
      organization: 'Capture Works',
      email: `capture-${stamp}@example.com`,
      name: 'Capture Shop',
      url: `capture-${stamp}`,
      settleMs: SETTLE_MS,
    }));
    expect(await trackerSends('e2e-default', '/home')).toBe('202 recorded');
    expect(recorded('e2e-default')).toBe(true);
  });

  it("opens the settings from the account menu with the spec's defaults", async () => {
    await page.goto('/instances');
    await page.getByRole('button', { name: /Ada Owner/ }).click();
    await page.getByRole('menuitem', { name: 'Session Settings' }).click();
    await page.waitForURL(/\/client\/sessions-listing$/);
    await visible(page.getByRole('heading', { name: 'Session Settings' }));
    expect(await page.getByRole('textbox', { name: /Capture rate/ }).inputValue()).toBe('100');
    expect(await page.getByRole('switch', { name: 'Mouse trail' }).isChecked()).toBe(true);
    await expectAccessible(page, 'session settings: defaults');
  });

  it('refuses two condition sets of one name', async () => {
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Add condition set' }).click();
    await page.getByRole('textbox', { name: 'Set 1 name' }).fill('Checkout');
    await page.getByRole('textbox', { name: 'Set 1 URL path' }).fill('/checkout');
    await page.getByRole('textbox', { name: 'Set 2 name' }).fill('Checkout');
    await page.getByRole('textbox', { name: 'Set 2 user id' }).fill('vip-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText(SESSION_SETTINGS_MESSAGES.uniqueNames));
    await expectAccessible(page, 'session settings: names not unique');
  });

  it('saves a capture rate of 0 with a /checkout set, applied to the instance: only /checkout sessions are recorded', async () => {
    await page.getByRole('button', { name: 'Remove set 2' }).click();
    const rate = page.getByRole('textbox', { name: /Capture rate/ });
    await rate.fill('0');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText(SESSION_SETTINGS_MESSAGES.saved));
    await hidden(page.getByText('Being applied to the running instances…'));
    await expectAccessible(page, 'session settings: saved');

    expect(await trackerSends('e2e-home', '/home')).toBe('202 left out');
    expect(await trackerSends('e2e-checkout', '/checkout/pay')).toBe('202 recorded');
    expect([recorded('e2e-home'), recorded('e2e-checkout')]).toEqual([false, true]);
  });

  it('records every session again at 100', async () => {
    await page.reload();
    const rate = page.getByRole('textbox', { name: /Capture rate/ });
    expect(await rate.inputValue()).toBe('0');
    await rate.fill('100');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText(SESSION_SETTINGS_MESSAGES.saved));
    await hidden(page.getByText('Being applied to the running instances…'));
    const ids = ['e2e-a', 'e2e-b', 'e2e-c'];
    for (const id of ids) expect(await trackerSends(id, '/home')).toBe('202 recorded');
    expect(ids.map(recorded)).toEqual([true, true, true]);
  });

  it('applies one data retention to every instance of the account, confirmed first', async () => {
    const card = page.getByRole('region', { name: 'Data retention of every instance' });
    await card.getByText('Unlimited', { exact: true }).click();
    await card.getByRole('button', { name: 'Apply to every instance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply this retention to every instance?' });
    await visible(dialog.getByText('Every instance of the account will keep its recordings without limit.'));
    await expectAccessible(page, 'session settings: retention of every instance, confirmation');
    await dialog.getByRole('button', { name: 'Keep Unlimited everywhere' }).click();
    await visible(page.getByText(RETENTION_MESSAGES.accountSaved(1)));
    // The instance's own retention is what the account-wide save gave it, once its config step ran.
    await page.goto(`/instances/${instanceId}?tab=maintenance`);
    await visible(page.getByRole('radiogroup', { name: 'Keep recordings for' }).getByRole('radio', { name: 'Unlimited', checked: true }));
    await hidden(page.getByText(RETENTION_MESSAGES.pending));
  });

  it('opens a reported error’s stack trace from the instance: unresolved, then resolved once the source map is uploaded', async () => {
    // The shop's minified script throws in chromium; the tracker reports it with the browser's frames.
    const tab = await browser.newPage();
    await tab.goto(shopOrigin);
    const status = await tab.evaluate(
      async ({ target, key }) => {
        let thrown: Error | undefined;
        try {
          (window as unknown as { Cart: { total(items: unknown[]): number } }).Cart.total([{ price: 200, quantity: 1 }]);
        } catch (e) {
          thrown = e as Error;
        }
        const frames = [...thrown!.stack!.matchAll(/at (?:(\S+) \()?(https?:\/\/[^\s)]+):(\d+):(\d+)\)?/g)].map((m) => ({
          file: m[2],
          function: m[1] ?? null,
          line: Number(m[3]),
          column: Number(m[4]),
        }));
        const res = await fetch(`${target}/api/errors`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ sessionId: 'e2e-error', name: thrown!.name, message: thrown!.message, url: location.href, release: '2.4.0', stack: thrown!.stack, frames }),
        });
        return res.status;
      },
      { target: instanceUrl, key: projectKey },
    );
    await tab.close();
    expect(status).toBe(202);

    await page.goto(`/instances/${instanceId}`);
    await page.getByRole('link', { name: 'JavaScript errors' }).click();
    await page.waitForURL(new RegExp(`/${instanceId}/errors$`));
    await visible(page.getByRole('table', { name: 'Errors' }));
    await expectAccessible(page, 'errors: list');
    await page.getByRole('link', { name: 'TypeError: Cart total too high: 200' }).click();
    await page.waitForURL(new RegExp(`/${instanceId}/errors/[a-f0-9]{16}$`));
    await visible(page.getByText(JS_ERROR_MESSAGES.noSourceMaps));
    await expectAccessible(page, 'errors: stack trace without a source map');

    await page.getByText('RAW', { exact: true }).click();
    await visible(page.getByLabel('Raw stack trace'));
    expect(await page.getByLabel('Raw stack trace').textContent()).toContain('TypeError: Cart total too high: 200');
    await expectAccessible(page, 'errors: raw stack trace');
    await page.getByText('FULL', { exact: true }).click();

    expect(await page.getByRole('textbox', { name: 'File URL' }).inputValue()).toBe(`${shopOrigin}/assets/app.min.js`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'app.min.js.map', mimeType: 'application/json', buffer: Buffer.from(built.map) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await visible(page.getByText(JS_ERROR_MESSAGES.uploaded));
    await hidden(page.getByText(JS_ERROR_MESSAGES.noSourceMaps));
    await visible(page.getByText('in src/cart.js at 7:', { exact: false }));
    expect(await page.getByLabel('Code at src/cart.js line 7').textContent()).toContain('throw new TypeError("Cart total too high: " + sum);');
    await expectAccessible(page, 'errors: stack trace resolved');

    // The instance's errors list names the uploaded map, which a member may remove from there.
    await page.goto(`/${instanceId}/errors`);
    const maps = page.getByRole('table', { name: 'Source maps' });
    await visible(maps.getByRole('cell', { name: '2.4.0' }));
    await visible(maps.getByRole('button', { name: `Remove the source map of ${shopOrigin}/assets/app.min.js (2.4.0)` }));
    await expectAccessible(page, 'errors: list with its source maps');
  });
});
