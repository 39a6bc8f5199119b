import { basename } from 'node:path';
import type { Browser, Page, Request, Response, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_SCREENS_GROUPS } from '../apps/web/chunk-groups';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { visible } from './support/wait';

/**
 * Issue 17's live status push in chromium: the list screen, read once on a signed-in visit, holds the stream,
 * an instance is stopped through the API (another session, as from another
 * console or a script), and its badge changes with no list read and no status
 * poll between: the stream carried it. (A running instance is not polled at
 * all, so without the stream the list would not have shown the change.)
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const email = `live-${stamp}@example.com`;
const name = 'Live Shop';
let instanceId = '';

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(() => closeJourney({ server, browser }));

describe('live status in chromium', () => {
  it('shows an instance stopped elsewhere as it happens, without reading the list or polling', { timeout: 180_000 }, async () => {
    instanceId = await signUpWithRunningInstance(page, { owner: 'Ada Live', organization: 'Live Engines', email, name, url: `live-${stamp}`, settleMs: 60_000 });
    // A signed-in visit of the list: it is read once (by the session's opening, which carries
    // the page's first reads), and the stream opens from where that read stood (not a second read).
    const listReads: string[] = [];
    const countListReads = (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/managed-saas/instances') listReads.push(`${r.method()} list`);
      if (url.pathname === '/api/refresh' && url.searchParams.get('with')?.split(',').includes('instances')) listReads.push(`${r.method()} opening`);
    };
    page.on('request', countListReads);
    await page.goto('/instances');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await visible(row.locator('[data-tone]', { hasText: 'Running' }));
    await visible(page.locator('[data-live-status="open"]'));
    page.off('request', countListReads);
    expect(listReads).toEqual(['GET opening']);
    await expectAccessible(page, 'instances: live updates on');

    // From here on, every read of the list or of statuses the page makes is counted.
    const reads: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/managed-saas/instances' || path.endsWith('/status')) reads.push(`${r.method()} ${path}`);
    });

    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Secret-pass1' }) });
    const { jwt } = ((await login.json()) as { data: { jwt: string } }).data;
    const stop = await fetch(`${server.url}/api/managed-saas/instances/${instanceId}/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'stop' }),
    });
    expect(stop.status).toBe(200);

    await row.locator('[data-tone]', { hasText: 'Stopped' }).waitFor({ timeout: 60_000 });
    expect(reads).toEqual([]);
    await expectAccessible(page, 'instances: stopped by the live status stream');
  });

  it('reads the public configuration, the account and the list with the page, in its session’s opening, while the app’s code is still on its way', { timeout: 60_000 }, async () => {
    // The app's entry is held until the page's loader has had the opening's answer: without
    // the reads it carries, nothing asks for them before the entry has run, and the hold ends failing.
    const early: string[] = [];
    const scripts: string[] = [];
    let answered: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (answered = resolve));
    const onRequest = (r: Request) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script') scripts.push(basename(url.pathname));
      if (['/api/refresh', '/api/account', '/api/managed-saas/instances', '/api/public-config'].includes(url.pathname)) early.push(`${r.method()} ${url.pathname}${url.search}`);
    };
    const onResponse = (r: Response) => {
      if (new URL(r.url()).pathname === '/api/refresh') answered();
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    let beforeEntry: string[] = [];
    await page.route('**/assets/index-*.js', async (route) => {
      await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      beforeEntry = [...early];
      await route.continue();
    });
    await page.reload();
    await visible(page.getByRole('row', { name: new RegExp(name) }));
    page.off('request', onRequest);
    page.off('response', onResponse);
    await page.unrouteAll();
    // One call: the token, the public configuration, the account and the list's first page.
    expect(beforeEntry).toEqual(['GET /api/refresh?with=public-config,account,instances']);
    // Taken by the app, none asked again.
    expect(early).toEqual(beforeEntry);
    // And the page's code is its own: none of the chunks only other screens need (chunk-groups.ts).
    expect(scripts.some((file) => file.startsWith('mantine-console-'))).toBe(true);
    expect(scripts.filter((file) => OTHER_SCREENS_GROUPS.some((group) => file.startsWith(`${group}-`)))).toEqual([]);
  });

  it('asks for a read itself when the opening’s answer to it is not a success', { timeout: 60_000 }, async () => {
    // The list's read fails inside the opening (as it would on a fault there); the list's own call would work.
    await page.route('**/api/refresh?with=*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: { reads: Record<string, { status: number; body: unknown }> } };
      json.data.reads.instances = { ...json.data.reads.instances!, status: 503, body: { errors: ['Try again.'] } };
      await route.fulfill({ response, json });
    });
    const own: string[] = [];
    const onRequest = (r: Request) => void (new URL(r.url()).pathname === '/api/managed-saas/instances' && own.push(r.method()));
    page.on('request', onRequest);
    await page.reload();
    await visible(page.getByRole('row', { name: new RegExp(name) }));
    page.off('request', onRequest);
    await page.unrouteAll();
    expect(own).toEqual(['GET']);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('keeps the later status when the answer to a start arrives after the stream has brought Running', { timeout: 120_000 }, async () => {
    // The instance stopped in the first step. Its details, opened from the list, share the list's stream.
    await page.goto('/instances');
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('link', { name })
      .click();
    await page.waitForURL(new RegExp(`/instances/${instanceId}$`));
    await page.getByRole('tab', { name: 'Events' }).click();
    const status = page.locator('[data-tone]', { hasText: /^(Stopped|Starting|Running)$/ }).first();
    await visible(status.filter({ hasText: 'Stopped' }));
    // The start's answer ('Starting') is held until the stream has shown Running: answers and the
    // stream travel apart, and the older state must not be written over the later one.
    const actions = `/api/managed-saas/instances/${instanceId}/actions`;
    await page.route(`**${actions}`, async (route: Route) => {
      const answer = await route.fetch();
      await status.filter({ hasText: 'Running' }).waitFor({ timeout: 60_000 });
      await route.fulfill({ response: answer });
    });
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === actions);
    // Once applied, the answer has the open Events tab read again: when that read is back and a frame
    // has been drawn, the answer is on screen, or would be had it been written over Running.
    const eventsRead = `/api/managed-saas/instances/${instanceId}/user-activity`;
    const eventsReadAfter = answered.then(() => page.waitForResponse((r) => new URL(r.url()).pathname === eventsRead));
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Start' }).click();
    expect(((await (await answered).json()) as { data: { status: string } }).data.status).toBe('starting');
    await eventsReadAfter;
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    await page.unrouteAll();
    expect(await status.textContent()).toBe('Running');
    await expectAccessible(page, 'details: running, the late answer to the start left aside');
  });

  it('lists a change made elsewhere among the latest events as the stream brings it, with no reload', { timeout: 120_000 }, async () => {
    // Still on the running instance's details: it is stopped through the API, as from another session.
    const latest = page.getByRole('region', { name: 'Latest events' }).getByRole('listitem');
    await visible(latest.first());
    expect(await latest.first().textContent()).not.toMatch(/Stop/);
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Secret-pass1' }) });
    const { jwt } = ((await login.json()) as { data: { jwt: string } }).data;
    const stop = await fetch(`${server.url}/api/managed-saas/instances/${instanceId}/actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'stop' }),
    });
    expect(stop.status).toBe(200);
    await page
      .locator('[data-tone]', { hasText: /^Stopped$/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => latest.first().textContent(), { timeout: 15_000 }).toMatch(/^.+ Stop\b/);
    await expectAccessible(page, 'details: stopped elsewhere, the latest events say so');
  });
});
