import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf, trackerScriptUrlOf } from '@replay/contracts';
import { cleanUp, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { launchBrowser } from './support/browser';
import { html, startSite, storedBytes, watchBatches, type Site } from './support/site';

/**
 * The page's mutations are serialized in a task of the tracker's own, not in the page's
 * (packages/tracker/src/recording.ts), in chromium against a real agent: the task that changed
 * the page ends with nothing of the change queued, the change is sent soon after and in order
 * with the click that made it, the tracker's marker is never sent, and a change still held when
 * the page goes away leaves with the page's last batch. rrweb collects the records in tasks of the
 * tracker's own (packages/tracker/src/mutation-slices.ts), and all before it records another event.
 */
let agent: RunningAgent;
let site: Site;
let browser: Browser;
let ingest: string;

const ADD_ROWS = `document.getElementById('add').addEventListener('click', () => {
  const queued = () => window.tracker.transport.pending.queued;
  const before = queued();
  const list = document.getElementById('list');
  for (let i = 0; i < 200; i++) list.appendChild(document.createElement('li')).textContent = 'Row ' + i;
  // Queued after rrweb's MutationObserver callback (microtasks run in order): the end of this task.
  queueMicrotask(() => { window.grewInTask = queued() - before; });
});
document.getElementById('burst').addEventListener('click', () => {
  const backlog = () => window.tracker.recording.backlog();
  const list = document.getElementById('list');
  for (let i = 0; i < 300; i++) list.appendChild(document.createElement('li')).textContent = 'Burst ' + i;
  // After rrweb's observer callback: its records wait for a task of the tracker's own, until
  // rrweb records another event (here a click, which rrweb records as it happens).
  queueMicrotask(() => {
    window.backlogInTask = backlog();
    document.getElementById('list').click();
    window.backlogAfterInput = backlog();
  });
});
document.getElementById('leave').addEventListener('click', () => {
  document.getElementById('list').appendChild(document.createElement('li')).textContent = 'Last words';
  location.href = '/next';
});`;

/** The site's own observer: counts iframes added anywhere in the document. */
const COUNT_IFRAMES = `window.iframesAdded = 0;
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'IFRAME') window.iframesAdded++;
}).observe(document, { childList: true, subtree: true });`;

beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
  site = await startSite();
  browser = await launchBrowser();
  ingest = ingestUrlOf(agent.url);
  const tracker = `<script src="${trackerScriptUrlOf(agent.url, '16.0.0')}"></script><script>window.tracker = new ReplayTracker({ projectKey: ${JSON.stringify(agent.projectKey)}, ingestPoint: ${JSON.stringify(ingest)}, flushInterval: 500 }); window.tracker.start();</script>`;
  site.pages.set('/rows', html(tracker, `<button id="add">Add rows</button><button id="burst">Burst</button><button id="leave">Leave</button><ul id="list"></ul><script>${ADD_ROWS}</script>`));
  site.pages.set('/next', html('', '<p>Next page</p>'));
  site.pages.set('/watched', html(`<script>${COUNT_IFRAMES}</script>${tracker}`, '<table><tr><td>One</td><td>Two</td></tr></table>'));
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await agent?.stop();
  await cleanUp();
});

type Event = { type: number; timestamp?: number; data?: { source?: number; adds?: { node: { textContent?: string } }[]; tag?: string } };
const MUTATION = 0;
const MOUSE_INTERACTION = 2;

describe("the page's changes", () => {
  it('leave the task that made them unserialized, and are sent after the click that made them', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const sent = watchBatches(tab, ingest);
    await tab.goto(`${site.url}/rows`);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await tab.locator('#add').click();
    expect(await tab.evaluate(() => (window as unknown as { grewInTask: number }).grewInTask)).toBe(0);
    await expect.poll(() => storedBytes(agent.dataDir).includes('Row 199'), { timeout: 15_000 }).toBe(true);
    // Playwright hands over a request's event on its own path, which may come after the agent
    // stored the batch: wait for the sent batch as well, not only for the stored bytes.
    const sentEvents = () => sent.flatMap((b) => b.body.events as Event[]);
    const addedIn = (events: Event[]) => events.findIndex((e) => e.type === 3 && e.data?.source === MUTATION && e.data.adds?.some((a) => a.node.textContent === 'Row 199'));
    await expect.poll(() => addedIn(sentEvents()), { timeout: 15_000 }).toBeGreaterThan(-1);
    const events = sentEvents();
    const added = addedIn(events);
    const click = events.findIndex((e) => e.type === 3 && e.data?.source === MOUSE_INTERACTION);
    expect(click).toBeGreaterThan(-1);
    expect(added).toBeGreaterThan(click);
    expect(events[added]!.timestamp).toBeGreaterThanOrEqual(events[click]!.timestamp!);
    expect(JSON.stringify(events)).not.toContain('replay.flush-mutations');
    expect(storedBytes(agent.dataDir)).not.toContain('replay.flush-mutations');
    await context.close();
  });

  it('are collected by rrweb in tasks of the tracker’s own, and all before rrweb records another event', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${site.url}/rows`);
    await tab.waitForFunction(() => (window as unknown as { tracker: { recording: unknown } }).tracker.recording !== null);
    await tab.locator('#burst').click();
    const figures = await tab.evaluate(() => {
      const { backlogInTask, backlogAfterInput } = window as unknown as { backlogInTask: number; backlogAfterInput: number };
      return { backlogInTask, backlogAfterInput };
    });
    // Each appended item is two records: the item added, then its text.
    expect(figures.backlogInTask).toBe(600);
    expect(figures.backlogAfterInput).toBe(0);
    await expect.poll(() => storedBytes(agent.dataDir).includes('Burst 299'), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('are not joined by an iframe of rrweb’s when it snapshots the page', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const sent = watchBatches(tab, ingest);
    await tab.goto(`${site.url}/watched`);
    await expect.poll(() => sent.some((b) => (b.body.events as Event[]).some((e) => e.type === 2)), { timeout: 15_000 }).toBe(true);
    expect(await tab.evaluate(() => (window as unknown as { iframesAdded: number }).iframesAdded)).toBe(0);
    await context.close();
  });

  it('held when the page goes away, leave with its last batch', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    // The page's timers stand still: only the page going away can send what rrweb holds.
    await tab.clock.install();
    await tab.clock.pauseAt(Date.now() + 60_000);
    await tab.goto(`${site.url}/rows`);
    await tab.waitForFunction(() => (window as unknown as { tracker: { transport: { pending: { queued: number } } } }).tracker.transport.pending.queued > 0);
    await tab.locator('#leave').click();
    await tab.waitForURL(`${site.url}/next`);
    await expect.poll(() => storedBytes(agent.dataDir).includes('Last words'), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
