import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReplayUiBuilt } from '../apps/agent/scripts/build-replay-ui.mjs';
import { visit } from '../apps/agent/test/fixtures/rrweb-session';
import { admin, cleanUp, consoleToken, sendEvents, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { visible } from './support/wait';

/**
 * The instance's Sessions and Replay screens in chromium (issue 43, point 5): a session stored
 * through ingest is listed, opens in rrweb-player, whose replayer iframe builds the recorded page
 * (its text, 'Buy' then 'Pay' after the page change), the timeline and the console pane seek it,
 * and both screens pass axe, also 390 px wide, without sideways scrolling.
 */
let agent: RunningAgent;
let browser: Browser;
let page: Page;
const T0 = Date.now() - 60_000;

const RECORDED_FRAME = '.rr-player__frame iframe';
const recorded = () => page.frameLocator(RECORDED_FRAME);
/** The recorded page inside rrweb's iframe is the customer's markup, not the instance's screen. */
const NOT_OURS = [RECORDED_FRAME];

async function atPhoneWidth(label: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`, [], NOT_OURS);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1360, height: 900 });
}

beforeAll(async () => {
  await ensureReplayUiBuilt();
  agent = await startAgentProcess();
  const { first, second } = visit(T0);
  expect((await sendEvents(agent, 'visit-1', first)).status).toBe(202);
  expect((await sendEvents(agent, 'visit-1', second)).status).toBe(202);
  browser = await launchBrowser();
  page = await newPage(browser, agent.url);
  await page.goto(`/login?token=${consoleToken(agent, 'login')}`);
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await cleanUp();
});

describe("the instance's session screens", () => {
  it('list the stored session with its facts, and pass axe', async () => {
    await page.getByTestId('sessions-link').click();
    await visible(page.getByTestId('session'));
    const card = page.getByTestId('session');
    expect(await card.getAttribute('data-session-id')).toBe('visit-1');
    expect(await card.textContent()).toContain('42 s');
    await expectAccessible(page, 'sessions list');
    await atPhoneWidth('sessions list');
    await page.getByLabel('User id').fill('nobody');
    await page.getByRole('button', { name: 'Show sessions' }).click();
    await visible(page.getByTestId('no-sessions'));
    await page.getByLabel('Duration count').fill('ten');
    await page.getByRole('button', { name: 'Show sessions' }).click();
    await visible(page.getByTestId('filter-error'));
    await expectAccessible(page, 'sessions list: a refused filter');
  });

  it('replay it in rrweb-player: the recorded page, the timeline, the jump to an error, the console pane', async () => {
    await page.goto('/sessions');
    const eventRequests: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/sessions/visit-1/events') && eventRequests.push(r.url())));
    await page.getByRole('link', { name: 'Replay session visit-1' }).click();
    await visible(page.getByText('Loaded 12 events.'));
    // The page's preload is the answer the script reads: the events travel once.
    expect(eventRequests).toHaveLength(1);
    await visible(recorded().getByText('Buy'));
    // The session settings' defaults: the mouse trail drawn (rrweb's mouseTail canvas), inactive time not skipped.
    expect(await page.locator('canvas.replayer-mouse-tail').count()).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Skip inactive time' }).isChecked()).toBe(false);
    const consoleText = await page.getByTestId('console').textContent();
    expect(consoleText).toContain('error: boom');
    expect(consoleText).toContain('warn: slow');
    expect(await page.locator('#timeline .mark.click').count()).toBe(3);
    await page.getByRole('button', { name: /^Page \/checkout at 0:10$/ }).click();
    await visible(recorded().getByText('Pay'));
    await page.getByRole('button', { name: 'Jump to the next error' }).click();
    await visible(recorded().getByText('Pay'));
    await page.getByRole('button', { name: 'Jump to the next error' }).click();
    await visible(recorded().getByText('Buy'));
    await page.getByRole('button', { name: 'Play' }).click();
    await visible(page.getByRole('button', { name: 'Pause' }));
    await page.getByRole('button', { name: 'Pause' }).click();
    await expectAccessible(page, 'replay', [], NOT_OURS);
    await atPhoneWidth('replay');
  });

  it("downloads the session as rrweb's own event array", async () => {
    const href = await page.getByTestId('download').getAttribute('href');
    const events = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(events).toEqual(visit(T0).all);
  });

  it('follow the session settings the console pushes: no mouse trail, inactive time skipped, times in their zone', async () => {
    const display = { timezone: 'UTC+05:45', durationFilter: { operator: '<', count: 0, unit: 'sec' }, mouseTrail: false, skipToIssue: true };
    expect((await admin(agent, '/api/admin/config', { display })).status).toBe(200);
    await page.goto('/sessions/visit-1');
    await visible(page.getByText('Loaded 12 events.'));
    await visible(recorded().getByText('Buy'));
    expect(await page.locator('canvas.replayer-mouse-tail').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Skip inactive time' }).isChecked()).toBe(true);
    await page.goto('/sessions');
    await visible(page.getByText('Times in UTC+05:45.'));
  });
});
