import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGGER_OPTIONS_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { signUpWithTrackedInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { hidden, visible } from './support/wait';

/**
 * Logger options in chromium, against the real console and a real agent: the owner allows
 * only the shop's domain, obscures typed values and numbers; the workflow gives the options to
 * the instance, and a tracker on the shop then has its typed value and digits stored as stars,
 * while the same tracker on another host is refused.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let site: Server;
let port = 0;
let instanceId = '';
let instanceUrl = '';
let projectKey = '';

const stamp = Date.now();
const SETTLE_MS = 60_000;
const EVENTS = [
  { type: 3, timestamp: 1, data: { source: 5, id: 1, text: 'hunter2', isChecked: false } },
  { type: 5, timestamp: 2, data: { tag: 'note', payload: 'Order 1234' } },
];

/** A batch sent from a page on `host` as the tracker sends it: the answer's status. */
async function trackerSendsFrom(host: string, sessionId: string): Promise<number> {
  const tab = await browser.newPage();
  try {
    await tab.goto(`http://${host}:${port}/`);
    return await tab.evaluate(
      async ({ target, key, session, events }) => {
        const res = await fetch(`${target}/api/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ sessionId: session, events, url: location.href }),
        });
        return res.status;
      },
      { target: instanceUrl, key: projectKey, session: sessionId, events: EVENTS },
    );
  } finally {
    await tab.close();
  }
}

const storedEvents = (sessionId: string) =>
  readFileSync(join(server.dataDir, 'instances', instanceId, 'data', 'sessions', new Date().toISOString().slice(0, 10), `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type?: unknown })
    // Each batch's head line (when it came, and what with) is the agent's, not an event.
    .filter((line) => line.type !== 'replay.batch');

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
  site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Shop</title><h1>Shop</h1>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site?.close();
  await closeJourney({ server, browser });
});

describe('logger options journey in chromium', () => {
  it('signs up with a running instance that stores what trackers send as sent', async () => {
    ({ instanceId, instanceUrl, projectKey } = await signUpWithTrackedInstance(page, {
      owner: 'Ada Owner',
      organization: 'Logger Works',
      email: `logger-${stamp}@example.com`,
      name: 'Logger Shop',
      url: `logger-${stamp}`,
      settleMs: SETTLE_MS,
    }));
    expect(await trackerSendsFrom('127.0.0.1', 'plain')).toBe(202);
    expect(storedEvents('plain')).toEqual(EVENTS);
  });

  it("shows the logger options under the session settings with the spec's defaults", async () => {
    await page.goto('/client/sessions-listing');
    await visible(page.getByRole('heading', { name: 'Logger options' }));
    expect(await page.getByRole('textbox', { name: 'Default input mode' }).inputValue()).toBe('Plain');
    expect(await page.getByRole('switch', { name: 'Obscure numbers' }).isChecked()).toBe(false);
    await expectAccessible(page, 'logger options: defaults');
  });

  it('refuses a domain that is a URL, saying why', async () => {
    const domains = page.getByRole('textbox', { name: 'Allowed domains' });
    await domains.fill('https://shop.localhost');
    await domains.press('Enter');
    await visible(page.getByText(LOGGER_OPTIONS_MESSAGES.domain('https://shop.localhost')));
    await expectAccessible(page, 'logger options: bad domain');
  });

  it('saves the shop as the only domain, typed values obscured and numbers too, applied to the instance', async () => {
    const domains = page.getByRole('textbox', { name: 'Allowed domains' });
    await domains.fill('shop.localhost');
    await domains.press('Enter');
    await visible(page.getByRole('list', { name: 'Allowed domains' }).getByText('shop.localhost'));
    await page.getByRole('textbox', { name: 'Default input mode' }).click();
    await page.getByRole('option', { name: 'Obscured' }).click();
    await page.getByRole('switch', { name: 'Obscure numbers' }).check({ force: true });
    await page.getByRole('button', { name: 'Save logger options' }).click();
    await visible(page.getByText(LOGGER_OPTIONS_MESSAGES.saved));
    await hidden(page.getByText(LOGGER_OPTIONS_MESSAGES.pending));
    await expectAccessible(page, 'logger options: saved');

    expect(await trackerSendsFrom('shop.localhost', 'on-shop')).toBe(202);
    expect(storedEvents('on-shop')).toEqual([
      { type: 3, timestamp: 1, data: { source: 5, id: 1, text: '*******', isChecked: false } },
      { type: 5, timestamp: 2, data: { tag: 'note', payload: 'Order ****' } },
    ]);
    expect(await trackerSendsFrom('127.0.0.1', 'elsewhere')).toBe(403);
  });

  it('keeps the saved options after a reload', async () => {
    await page.reload();
    await visible(page.getByRole('list', { name: 'Allowed domains' }).getByText('shop.localhost'));
    expect(await page.getByRole('textbox', { name: 'Default input mode' }).inputValue()).toBe('Obscured');
    expect(await page.getByRole('switch', { name: 'Obscure numbers' }).isChecked()).toBe(true);
  });
});
