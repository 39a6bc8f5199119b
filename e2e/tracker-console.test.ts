import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUrlOf } from '@replay/contracts';
import { ensureReplayUiBuilt } from '../apps/agent/scripts/build-replay-ui.mjs';
import { admin, consoleToken, storedEvents, type RunningAgent } from '../apps/agent/test/support';
import { expectAccessible } from './support/axe';
import { newPage } from './support/browser';
import { storedBytes, watchBatches, type Site } from './support/site';
import { startTrackedShop, type TrackedShop } from './support/tracked-shop';
import { visible } from './support/wait';

/**
 * Console messages (issue 43, point 5's console pane): a site with the tracker's script snippet
 * logs, warns, logs an element under `data-replay-mask` and calls console.error. The messages
 * are stored as rrweb Plugin events (rrweb's console plugin), the masked element only as its
 * tag and id, console.error once, as an error; the Replay page lists them in time order, seeks
 * from each, filters by level and passes axe, also 390 px wide. With the logger options'
 * obscureEmailData on, an e-mail address logged by the page is in no byte of the data folder.
 */
let shop: TrackedShop;
let agent: RunningAgent;
let site: Site;
let browser: Browser;

const MASKED = 'MaskedConsoleText';
const EMAIL = 'ada.console@example.com';
/** Put together when logged, so the page's own markup (recorded by the first journey, unmasked) does not hold the address. */
const EMAIL_JS = `['ada.console', 'example.com'].join('@')`;
const BODY = `
  <p id="secret" data-replay-mask>${MASKED}</p>
  <button id="log" onclick="console.log('Cart has', 3, 'items', { sku: 'A-1' })">Log</button>
  <button id="warn" onclick="console.warn('Slow checkout')">Warn</button>
  <button id="element" onclick="console.info(document.getElementById('secret'))">Element</button>
  <button id="fail" onclick="console.error('Payment refused')">Fail</button>
  <button id="mail" onclick="console.log('Signed in as ' + ${EMAIL_JS})">Mail</button>`;

/** What each button's call leaves in the events sent, so a journey knows its last click's batch has gone. */
const LAST_LOGGED: Record<string, string> = { fail: 'Payment refused', mail: 'Signed in as' };

interface PluginEvent {
  type: number;
  data: { plugin: string; payload: { level: string; payload: string[]; trace: string[] } };
}

beforeAll(async () => {
  await ensureReplayUiBuilt();
  shop = await startTrackedShop(BODY);
  ({ agent, site, browser } = shop);
});

afterAll(() => shop?.stop());

/** Opens the shop, waits for recording to begin, clicks the buttons named, and answers the session's id. */
async function clickThrough(ids: string[]): Promise<{ sessionId: string; wire: () => string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent = watchBatches(page, ingestUrlOf(agent.url));
  await page.goto(`${site.url}/shop`);
  await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const before = sent.length;
  for (const id of ids) await page.locator(`#${id}`).click();
  // The next batch (sent every 2 s) carries the clicks and what they logged.
  await expect.poll(() => sent.slice(before).some((b) => b.body.events.some((e) => e.type === 6 || e.type === 5)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => JSON.stringify(sent.slice(before).map((b) => b.body)).includes(LAST_LOGGED[ids.at(-1)!]!), { timeout: 15_000 }).toBe(true);
  return { sessionId: sent[0]!.body.sessionId, wire: () => JSON.stringify(sent.map((b) => b.body)), close: () => context.close() };
}

const consoleEvents = (sessionId: string) => storedEvents(agent.dataDir, sessionId).filter((e) => e.type === 6) as unknown as PluginEvent[];

describe('console messages from a page', () => {
  it('are stored as rrweb console Plugin events, masked elements by tag only, console.error once as an error', async () => {
    const { sessionId, close } = await clickThrough(['log', 'warn', 'element', 'fail']);
    await expect.poll(() => consoleEvents(sessionId).length, { timeout: 20_000 }).toBe(3);
    await close();
    const logged = consoleEvents(sessionId).map((e) => [e.data.plugin, e.data.payload.level, e.data.payload.payload]);
    expect(logged).toEqual([
      ['rrweb/console@1', 'log', ['"Cart has"', '3', '"items"', '{"sku":"A-1"}']],
      ['rrweb/console@1', 'warn', ['"Slow checkout"']],
      ['rrweb/console@1', 'info', ['"<p#secret>"']],
    ]);
    // The trace starts at the page's handler, not in the tracker.
    expect(consoleEvents(sessionId)[1]!.data.payload.trace[0]).toContain('HTMLButtonElement.onclick');
    const errors = storedEvents(agent.dataDir, sessionId).filter((e) => e.type === 5 && (e.data as { tag?: string }).tag === 'error');
    expect(errors).toHaveLength(1);
    await expect.poll(() => storedBytes(agent.dataDir).includes('Payment refused'), { timeout: 20_000 }).toBe(true);
    // The masked paragraph's text is in the recording only as rrweb masked it: never in the console's events.
    expect(JSON.stringify(consoleEvents(sessionId))).not.toContain(MASKED);
    expect(storedBytes(agent.dataDir)).not.toContain(MASKED);

    const replay = await newPage(browser, agent.url);
    await replay.goto(`/login?token=${consoleToken(agent, 'login')}`);
    await replay.goto(`/sessions/${sessionId}`);
    await visible(replay.getByText(/^Loaded \d+ events\.$/));
    const pane = replay.getByTestId('console');
    const lines = await pane.locator('li.line > span').allTextContents();
    expect(lines.map((l) => l.trim())).toEqual(['log: Cart has 3 items {"sku":"A-1"}', 'warn: Slow checkout', 'info: <p#secret>', 'error: Payment refused']);
    await replay.getByTestId('console-level').selectOption('warn');
    await visible(replay.getByText('1 of 4 shown'));
    expect(await pane.locator('li.line:visible > span').allTextContents()).toEqual([' warn: Slow checkout']);
    // The line's time seeks the player; reached by the keyboard like any button.
    const at = pane.locator('li.line:visible button.at');
    const [minutes, seconds] = (await at.textContent())!.split(':');
    await at.focus();
    await replay.keyboard.press('Enter');
    await expect.poll(() => replay.locator('.rr-timeline__time').first().textContent()).toBe(`${minutes!.padStart(2, '0')}:${seconds}`);
    await expectAccessible(replay, 'replay with console messages', [], ['.rr-player__frame iframe']);
    await replay.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(replay, 'replay with console messages at 390 px', [], ['.rr-player__frame iframe']);
    expect(await replay.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await replay.close();
  });

  it('have e-mail addresses obscured when the logger options say so: the address is in no byte of the data folder', async () => {
    const logger = { ipWhitelist: [], allowedDomains: [], defaultInputMode: 0, obscureEmailData: true, obscureNumericData: false };
    expect((await admin(agent, '/api/admin/config', { logger })).status).toBe(200);
    const { sessionId, wire, close } = await clickThrough(['mail']);
    await expect.poll(() => consoleEvents(sessionId).length, { timeout: 20_000 }).toBe(1);
    await close();
    // Obscured in the browser already: the instance's second pass is not what hides it.
    expect(wire()).toContain('Signed in as ***');
    expect(wire()).not.toContain(EMAIL);
    expect(consoleEvents(sessionId)[0]!.data.payload.payload).toEqual([`"Signed in as ${'*'.repeat(EMAIL.length)}"`]);
    expect(storedBytes(agent.dataDir)).not.toContain(EMAIL);
  });
});
