import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf, trackerScriptUrlOf } from '@replay/contracts';
import { sessionPercentile } from '../apps/agent/src/capture';
import { listErrors } from '../apps/agent/src/errors';
import { admin, cleanUp, startAgentProcess, storedLines, type RunningAgent } from '../apps/agent/test/support';
import { launchBrowser } from './support/browser';
import { html, startSite, watchBatches, type SentBatch, type Site } from './support/site';

/**
 * The capture settings applied by the tracker itself, in chromium against a real agent (issue 43):
 * a session the capture rate leaves out sends nothing at all (no batch, no error report) whatever
 * the page does, with the very rule the agent enforces (the same session ids kept and left out);
 * a condition set starts the recording, a full snapshot first, when a single-page app navigates to
 * its path or the site names its user, and the rest of the visit is recorded on every page.
 */
let agent: RunningAgent;
let site: Site;
let browser: Browser;
let ingest: string;
const EARLY_ERROR = 'Thrown as the page loads';

const setCapture = async (capture: { rate: number; conditions: { name: string; urlPath: string | null; userId: string | null }[] }) =>
  expect((await admin(agent, '/api/admin/config', { capture })).status).toBe(200);

/** The shop's page: the tracker started, then `then` (a script of the page's own, run as it loads). */
const shopPage = (then = '') =>
  html(
    `<script src="${trackerScriptUrlOf(agent.url, '16.0.0')}"></script><script>window.tracker = new ReplayTracker({ projectKey: ${JSON.stringify(agent.projectKey)}, ingestPoint: ${JSON.stringify(ingest)}, flushInterval: 300 }); window.started = window.tracker.start();</script>${then}`,
    '<label>Note <input id="note"></label><button id="boom" onclick="throw new Error(\'Boom\')">Pay</button>',
  );

/** Every request the page makes to the instance other than reading its script and its config. */
function watchWrites(tab: Page): string[] {
  const writes: string[] = [];
  tab.on('request', (r) => {
    if (r.url().startsWith(agent.url) && r.method() !== 'GET' && r.method() !== 'OPTIONS') writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

/** A visit (its session id chosen, else the tracker's own) on the page's clock, watched from before its first request. */
async function visit(sessionId: string | null, path: string): Promise<{ context: BrowserContext; tab: Page; writes: string[]; sent: SentBatch[] }> {
  const context = await browser.newContext();
  if (sessionId) await context.addInitScript((id) => sessionStorage.setItem('replay_tracker_session', id), sessionId);
  const tab = await context.newPage();
  const writes = watchWrites(tab);
  const sent = watchBatches(tab, ingest);
  await tab.clock.install();
  await tab.goto(`${site.url}${path}`);
  await tab.evaluate(() => (window as unknown as { started: Promise<void> }).started);
  return { context, tab, writes, sent };
}

/** What the agent stored of a session, nothing while it has stored nothing. */
function stored(sessionId: string): Record<string, unknown>[] {
  try {
    return storedLines(agent.dataDir, sessionId);
  } catch {
    return [];
  }
}

/** Everything a page would do that the tracker records: typing, an error, a custom event, a flush's wait, and leaving. */
async function busyPage(tab: Page): Promise<void> {
  await tab.locator('#note').pressSequentially('typed while left out');
  await tab.locator('#boom').click();
  await tab.evaluate(() => {
    const { tracker } = window as unknown as { tracker: { event(n: string): void; setMetadata(k: string, v: string): void } };
    tracker.event('checkout-viewed');
    tracker.setMetadata('plan', 'pro');
  });
  await tab.clock.fastForward('00:10');
}

function sessionIds(prefix: string): { under: string; over: string } {
  let under: string | null = null;
  let over: string | null = null;
  for (let i = 0; under === null || over === null; i++) {
    const id = `${prefix}-${i}`;
    if (sessionPercentile(id) < 50) under ??= id;
    else over ??= id;
  }
  return { under, over };
}

beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
  site = await startSite();
  browser = await launchBrowser();
  ingest = ingestUrlOf(agent.url);
  for (const path of ['/shop/cart', '/shop/thanks']) site.pages.set(path, shopPage());
  site.pages.set('/shop/early', shopPage(`<script>throw new Error(${JSON.stringify(EARLY_ERROR)});</script>`));
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await agent?.stop();
  await cleanUp();
});

describe('capture rate, decided in the browser', () => {
  it('at rate 0 sends nothing at all, whatever the page does, up to and after leaving it', async () => {
    await setCapture({ rate: 0, conditions: [] });
    const { context, tab, writes } = await visit(null, '/shop/cart');
    await busyPage(tab);
    await tab.goto('about:blank');
    expect(writes).toEqual([]);
    await context.close();
  });

  it('reports an error thrown while the settings are still being read, and none of a session left out', async () => {
    const earlyErrors = () => listErrors(agent.dataDir, 1, 50).groups.filter((g) => g.message === EARLY_ERROR);
    // Still rate 0: the page throws as it loads, and not even its error leaves.
    const left = await visit(null, '/shop/early');
    await left.tab.clock.fastForward('00:05');
    await left.tab.goto('about:blank');
    expect(left.writes).toEqual([]);
    await left.context.close();
    expect(earlyErrors()).toEqual([]);

    await setCapture({ rate: 100, conditions: [] });
    const kept = await visit(null, '/shop/early');
    await expect.poll(() => earlyErrors().map((g) => g.count), { timeout: 15_000 }).toEqual([1]);
    await kept.context.close();
  });

  it('keeps and leaves out the same sessions as the agent, by the shared rule', async () => {
    await setCapture({ rate: 50, conditions: [] });
    const { under, over } = sessionIds('rule');
    const kept = await visit(under, '/shop/cart');
    await busyPage(kept.tab);
    await expect.poll(() => kept.writes.some((w) => w.endsWith('/api/events')), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => stored(under).some((l) => l.type === 2), { timeout: 15_000 }).toBe(true);
    const left = await visit(over, '/shop/cart');
    await busyPage(left.tab);
    await left.tab.goto('about:blank');
    expect(left.writes).toEqual([]);
    await kept.context.close();
    await left.context.close();
  });
});

describe('condition sets, matched in the browser', () => {
  it('starts recording, a full snapshot first, when the app navigates to a set’s path, and records the visit’s later pages', async () => {
    await setCapture({ rate: 0, conditions: [{ name: 'Checkout', urlPath: '/shop/checkout', userId: null }] });
    const { context, tab, sent } = await visit(null, '/shop/cart');
    await busyPage(tab);
    expect(sent).toEqual([]);
    await tab.evaluate(() => history.pushState({}, '', '/shop/checkout'));
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = sent[0]!.body;
    expect(first.url).toBe(`${site.url}/shop/checkout`);
    expect(first.events.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    // Nothing from before the match: not the typing, not the custom event.
    expect(JSON.stringify(sent)).not.toContain('checkout-viewed');
    await expect.poll(() => stored(first.sessionId).some((l) => l.type === 2), { timeout: 15_000 }).toBe(true);
    // The next page of the visit (no set matches it) is recorded from its start.
    await tab.goto(`${site.url}/shop/thanks`);
    await tab.evaluate(() => (window as unknown as { started: Promise<void> }).started);
    await tab.locator('#note').fill('after the match');
    await tab.clock.fastForward('00:05');
    await expect.poll(() => JSON.stringify(stored(first.sessionId)).includes('after the match'), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('starts recording when setUserID names a set’s user, and not for another user', async () => {
    await setCapture({ rate: 0, conditions: [{ name: 'VIP', urlPath: null, userId: 'vip-7' }] });
    const { context, tab, sent } = await visit(null, '/shop/cart');
    await tab.evaluate(() => (window as unknown as { tracker: { setUserID(id: string): void } }).tracker.setUserID('someone-else'));
    await busyPage(tab);
    expect(sent).toEqual([]);
    await tab.evaluate(() => (window as unknown as { tracker: { setUserID(id: string): void } }).tracker.setUserID('vip-7'));
    await tab.clock.fastForward('00:01');
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(sent[0]!.body.userId).toBe('vip-7');
    expect(sent[0]!.body.events.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    await expect.poll(() => stored(sent[0]!.body.sessionId).some((l) => l.type === 2), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
