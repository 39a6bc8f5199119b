import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf, trackerScriptUrlOf } from '@replay/contracts';
import { cleanUp, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { launchBrowser } from './support/browser';
import { errorStoredIn } from './support/replay-journey';
import { html, startSite, storedBytes, type Site } from './support/site';
import { SESSION_KEY } from '../packages/tracker/src/session';

/**
 * A page still loading when the tracker has decided to record (issue 43): rrweb starts only once
 * the document is parsed (its load event, when it began while the page was loading) and refuses
 * custom events until then. The site's calls (setUserID,
 * event) must not throw into the site's code, the page's errors must still reach the instance's
 * errors endpoint, and what was said before the load must be in the recording. In chromium
 * against a real agent, the page's parsing held back by a script the test answers last.
 */
let agent: RunningAgent;
let site: Site;
let browser: Browser;

const PAGE = `<button id="tag" onclick="window.tracker.setUserID('early-user'); window.tracker.event('early-event', { step: 1 })">Tag</button>
<button id="fail" onclick="throw new Error('Failed before the load')">Fail</button>
<script src="/slow.js"></script>`;

beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
  site = await startSite();
  browser = await launchBrowser();
  const ingest = ingestUrlOf(agent.url);
  const tracker = `<script src="${trackerScriptUrlOf(agent.url, '16.0.0')}"></script><script>window.tracker = new ReplayTracker({ projectKey: ${JSON.stringify(agent.projectKey)}, ingestPoint: ${JSON.stringify(ingest)}, flushInterval: 300 }); window.tracker.start();</script>`;
  site.pages.set('/early', html(tracker, PAGE));
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await agent?.stop();
  await cleanUp();
});

describe('before the page has loaded', () => {
  it("the site's calls throw nothing, its error is reported, and its user and event are recorded", async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await tab.route('**/slow.js', async (route) => {
      await scriptHeld;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.loaded = true;' });
    });
    const pageErrors: string[] = [];
    tab.on('pageerror', (e) => pageErrors.push(e.message));
    await tab.goto(`${site.url}/early`, { waitUntil: 'commit' });
    // Decided to record while the script still holds the document's parsing back.
    await tab.waitForFunction(() => (window as unknown as { tracker?: { recording: unknown } }).tracker?.recording);
    expect(await tab.evaluate(() => document.readyState)).toBe('loading');
    await tab.locator('#tag').click();
    await tab.locator('#fail').click();
    const sessionId = await tab.evaluate((key) => sessionStorage.getItem(key) ?? '', SESSION_KEY);
    await expect.poll(() => errorStoredIn(agent.dataDir)(sessionId), { timeout: 15_000 }).toBe(true);
    expect(pageErrors).toEqual(['Failed before the load']);

    releaseScript();
    await tab.waitForFunction(() => document.readyState === 'complete');
    await expect.poll(() => storedBytes(agent.dataDir).includes('early-event'), { timeout: 15_000 }).toBe(true);
    const stored = storedBytes(agent.dataDir);
    expect(stored).toContain('early-user');
    expect(stored).not.toContain('replay.flush-mutations');
    expect(pageErrors).toEqual(['Failed before the load']);
    await context.close();
  });
});
