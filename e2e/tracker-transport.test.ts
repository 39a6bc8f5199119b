import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf, trackerScriptUrlOf } from '@replay/contracts';
import { cleanUp, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { launchBrowser } from './support/browser';
import { html, startSite, storedBytes, watchBatches, type Site } from './support/site';

/**
 * The tracker's sending, in chromium against a real agent, with the instance's answers replaced
 * where a test needs a refusal (playwright's route): a 429 with Retry-After holds the batch for
 * exactly that long on the page's clock (playwright's, moved by the test, so nothing waits on real
 * time) and then sends the same events; while the instance refuses, a bounded queue drops what it
 * cannot hold and the next batch taken says how many (`dropped`), which the instance stores.
 */
let agent: RunningAgent;
let site: Site;
let browser: Browser;
let ingest: string;

const page = (options: string) =>
  html(
    `<script src="${trackerScriptUrlOf(agent.url, '16.0.0')}"></script><script>window.tracker = new ReplayTracker({ projectKey: ${JSON.stringify(agent.projectKey)}, ingestPoint: ${JSON.stringify(ingest)}, ${options} }); window.tracker.start();</script>`,
    '<label>Note <input id="note"></label>',
  );

/** A refusal as the agent would send it, readable by the page (CORS, Retry-After exposed). */
const refuse = (route: Route, status: number, retryAfter: string) =>
  route.fulfill({
    status,
    headers: { 'Access-Control-Allow-Origin': site.url, 'Access-Control-Expose-Headers': 'Content-Length, Retry-After', 'Retry-After': retryAfter, 'Content-Type': 'application/json' },
    body: JSON.stringify({ errors: ['Too many requests'] }),
  });

beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
  site = await startSite();
  browser = await launchBrowser();
  ingest = ingestUrlOf(agent.url);
  site.pages.set('/retry', page('flushInterval: 1000'));
  site.pages.set('/drops', page('flushInterval: 500, maxQueue: 5'));
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await agent?.stop();
  await cleanUp();
});

describe('sending batches', () => {
  it('holds a batch refused with 429 for its Retry-After, then sends the same events', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.clock.install();
    const sent = watchBatches(tab, ingest);
    let answered = 0;
    await tab.route(ingest, (route) => (answered++ === 0 ? refuse(route, 429, '30') : route.continue()));
    await tab.goto(`${site.url}/retry`);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    // From here the page's timers move only when the test moves them.
    await tab.clock.pauseAt(Date.now() + 1000);
    await tab.clock.fastForward('00:25');
    // A batch the timers released would be compressed, then fetched: one compression's round trip later it would show.
    await tab.evaluate(() => new Response(new Blob(['x']).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer().then(() => undefined));
    expect(sent).toHaveLength(1);
    await tab.clock.fastForward('00:10');
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(2);
    const first = sent[0]!.body.events.map((e) => JSON.stringify(e));
    const again = sent[1]!.body.events.map((e) => JSON.stringify(e));
    expect(again.slice(0, first.length)).toEqual(first);
    const snapshot = sent[0]!.body.events.find((e) => e.type === 2);
    expect(snapshot).toBeDefined();
    await expect.poll(() => storedBytes(agent.dataDir).includes(`"timestamp":${(snapshot as { timestamp?: number }).timestamp}`), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('drops what a full queue cannot hold while the instance refuses, and the next batch says how many', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const sent = watchBatches(tab, ingest);
    let refusing = true;
    await tab.route(ingest, (route) => (refusing ? refuse(route, 503, '1') : route.continue()));
    await tab.goto(`${site.url}/drops`);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await tab.locator('#note').pressSequentially('more than five events');
    refusing = false;
    await expect.poll(() => sent.find((b) => (b.body.dropped ?? 0) > 0)?.body.dropped ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => /"type":"replay\.batch".*"dropped":[1-9]\d*/.test(storedBytes(agent.dataDir)), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('sends plain JSON where the browser has no CompressionStream, and it lands the same', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => Reflect.deleteProperty(window, 'CompressionStream'));
    const tab = await context.newPage();
    const sent = watchBatches(tab, ingest);
    await tab.goto(`${site.url}/retry`);
    await tab.locator('#note').fill('Sent without gzip');
    await expect.poll(() => storedBytes(agent.dataDir).includes('Sent without gzip'), { timeout: 15_000 }).toBe(true);
    // The page's request events reach the test over the browser's own channel, which can lag the agent's disk on a
    // loaded machine: wait until the batch that carried the text has been seen, then judge every batch seen.
    await expect.poll(() => sent.some((b) => JSON.stringify(b.body).includes('Sent without gzip')), { timeout: 15_000 }).toBe(true);
    expect(sent.every((b) => b.encoding === undefined)).toBe(true);
    await context.close();
  });
});
