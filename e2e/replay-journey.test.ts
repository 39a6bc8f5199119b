import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, CORS_MESSAGES, JS_ERROR_MESSAGES, RETENTION_MESSAGES, SESSION_SETTINGS_MESSAGES } from '@replay/contracts';
import { ensureReplayUiBuilt } from '../apps/agent/scripts/build-replay-ui.mjs';
import { formatDuration } from '../apps/agent/src/replay-ui/display';
import { expectAccessible } from './support/axe';
import { signUpWithRunningInstance } from './support/instance';
import { closeJourney, openJourney } from './support/journey';
import {
  CHECKOUT_SCRIPT,
  CHECKOUT_SOURCE,
  CHECKOUT_THROWING_LINE,
  ERROR_MESSAGE,
  USER_ID,
  ageSession,
  checkoutBuild,
  cardFacts,
  errorStoredIn,
  instanceData,
  instanceSessions,
  personVisits,
  shopPages,
  storedEvents,
  type Visit,
} from './support/replay-journey';
import type { ConsoleServer } from './support/server';
import { startSite, storedBytes, type Site } from './support/site';
import { hidden, visible } from './support/wait';

/**
 * Issue 43, point 6: the product proven in a real browser, end to end. A console in chromium
 * signs an owner up with a running instance; the script snippet and the setUserID line are copied
 * from Getting started and pasted into a small shop served on its own port. A person signs in,
 * goes to the checkout, types a name and a password, and pays, which throws. The instance's
 * Sessions screen lists the visit with its user and duration; its replay shows the typed name;
 * the password is nowhere in the instance's data folder. Capture rate 0 records nothing; a shop on
 * an origin outside the instance's CORS list is refused; retention removes the visit once it is
 * old and a backup restore brings it back; the checkout's error, thrown by a minified script,
 * shows its original frame once the build's source map is uploaded on the console's error page.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
let shop: Site;
let elsewhere: Site;
let instanceId = '';
let detailsUrl = '';
let ingestUrl = '';
let visit: Visit;

const stamp = Date.now();
const SETTLE_MS = 60_000;
const NAME = `Ada Lovelace ${stamp}`;
/** Letters only, at random: no run of it is a timestamp, an id or a word the instance writes anyway. */
const PASSWORD = Array.from(randomBytes(16), (b) => String.fromCharCode((b % 2 ? 65 : 97) + (b % 26))).join('');
/** The shortest run of the password the scan looks for: long enough never to match by chance. */
const RUN = 6;
const dataDir = () => instanceData(server.dataDir, instanceId);

beforeAll(async () => {
  await ensureReplayUiBuilt();
  ({ server, browser, page } = await openJourney());
  [shop, elsewhere] = [await startSite(), await startSite()];
});
afterAll(async () => {
  await shop?.stop();
  await elsewhere?.stop();
  await closeJourney({ server, browser });
});

describe('a session-replay journey, from the console’s snippet to the replay', () => {
  it('copies the script snippet and setUserID from Getting started into a shop on its own port', async () => {
    instanceId = await signUpWithRunningInstance(page, {
      owner: 'Jo Owner',
      organization: 'Journey Shop',
      email: `journey-${stamp}@example.com`,
      name: 'Journey',
      url: `journey-${stamp}`,
      settleMs: SETTLE_MS,
    });
    detailsUrl = page.url();
    await page.goto(`/${instanceId}/onboarding/installing`);
    const script = (await page.getByTestId('snippet-script').textContent()) ?? '';
    await page.getByRole('tab', { name: 'Identify Users' }).click();
    const identify = (await page.getByTestId('snippet-identify').textContent()) ?? '';
    ingestUrl = /ingestPoint: "([^"]+)"/.exec(script)?.[1] ?? '';
    expect(ingestUrl).toMatch(/^http:\/\/localhost:\d+\/api\/events$/);
    expect(identify).toContain(`tracker.setUserID('${USER_ID}');`);
    await expectAccessible(page, 'journey: identify users tab');
    shopPages(shop, { script, identify });
    shopPages(elsewhere, { script, identify });
  });

  it('records a person who signs in, visits two pages, types, and meets an error', async () => {
    visit = await personVisits(browser, shop.url, ingestUrl, { name: NAME, password: PASSWORD }, { errorStored: errorStoredIn(dataDir()) });
    expect(visit.refused).toEqual([]);
    expect(new Set(visit.sent.map((b) => b.body.sessionId))).toEqual(new Set([visit.sessionId]));
    await expect.poll(() => storedBytes(dataDir()).includes(ERROR_MESSAGE) && storedBytes(dataDir()).includes(NAME), { timeout: 15_000 }).toBe(true);
  });

  it('lists the session on the instance with its user id, two pages, the click and the error, and its duration', async () => {
    await page.goto(detailsUrl);
    const tab = await instanceSessions(page);
    await visible(tab.locator(`[data-session-id="${visit.sessionId}"]`));
    const facts = await cardFacts(tab, visit.sessionId);
    expect(facts).toMatchObject({ User: USER_ID, Pages: '2', Errors: '1' });
    expect(Number(facts.Clicks)).toBeGreaterThanOrEqual(3);
    // The span of what the instance stored, first event to last (the tracker's own timestamps).
    const stamps = storedEvents(dataDir(), visit.sessionId).map((e) => e.timestamp);
    expect(Math.max(...stamps) - Math.min(...stamps)).toBeGreaterThan(500);
    expect(facts.Duration).toBe(formatDuration(Math.max(...stamps) - Math.min(...stamps)));
    await expectAccessible(tab, 'journey: the instance lists the visit');
    await tab.close();
  });

  it('replays the checkout with the typed name in its field, and the password masked', async () => {
    const tab = await instanceSessions(page);
    await tab.getByRole('link', { name: `Replay session ${visit.sessionId}` }).click();
    await visible(tab.getByText(/^Loaded \d+ events\.$/));
    // The error came after the typing: at it, the replayed checkout shows the form as filled in.
    await tab.getByRole('button', { name: 'Jump to the next error' }).click();
    const recorded = tab.frameLocator('.rr-player__frame iframe');
    await visible(recorded.getByText('Checkout'));
    await expect.poll(() => recorded.locator('#name').inputValue(), { timeout: 10_000 }).toBe(NAME);
    expect(await recorded.locator('#password').inputValue()).toBe('*'.repeat(PASSWORD.length));
    expect(await tab.getByTestId('console').textContent()).toContain(ERROR_MESSAGE);
    // The recorded page inside rrweb's iframe is the shop's markup, not the instance's screen.
    await expectAccessible(tab, 'journey: the visit replayed at its error', [], ['.rr-player__frame iframe']);
    await tab.close();
  });

  it('keeps no piece of the password anywhere in the instance’s data folder (every byte scanned)', () => {
    const bytes = storedBytes(dataDir());
    expect(bytes).toContain(NAME);
    // Any RUN characters of it in a row, so that neither the whole nor a part typed so far is kept.
    for (let i = 0; i + RUN <= PASSWORD.length; i++) expect(bytes.includes(PASSWORD.slice(i, i + RUN)), `"${PASSWORD.slice(i, i + RUN)}" is stored`).toBe(false);
  });

  it('records nothing at a capture rate of 0, and again at 100', async () => {
    const saveRate = async (rate: string) => {
      await page.goto('/client/sessions-listing');
      await page.getByRole('textbox', { name: /Capture rate/ }).fill(rate);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByText(SESSION_SETTINGS_MESSAGES.saved));
      await hidden(page.getByText('Being applied to the running instances…'));
    };
    await saveRate('0');
    await expectAccessible(page, 'journey: capture rate 0 saved');
    const unseen = await personVisits(browser, shop.url, ingestUrl, { name: `Nobody ${stamp}`, password: PASSWORD }, { pay: false, recorded: false });
    // Decided in the browser at the session's start: not one batch leaves the page.
    expect(unseen.sessionId).toMatch(/\S{8,}/);
    expect(unseen.sent).toEqual([]);
    expect(unseen.answers.filter((a) => a.startsWith('POST '))).toEqual([]);
    // Not a byte of the visit: no chunk, no index row, no typed text.
    const bytes = storedBytes(dataDir());
    expect(bytes).not.toContain(unseen.sessionId);
    expect(bytes).not.toContain(`Nobody ${stamp}`);
    await saveRate('100');
  });

  it('refuses a shop on an origin outside the instance’s CORS list, and takes the listed one', async () => {
    await page.goto(`${detailsUrl}?tab=cors`);
    await page.getByRole('textbox', { name: 'Origin', exact: true }).fill(shop.url);
    await page.getByRole('textbox', { name: 'Origin', exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText(CORS_MESSAGES.saved));
    await hidden(page.getByText(CORS_MESSAGES.pending));
    await expectAccessible(page, 'journey: the shop is the one allowed origin');

    const outside = await personVisits(browser, elsewhere.url, ingestUrl, { name: `Outsider ${stamp}`, password: PASSWORD });
    expect(outside.refused).toContain('POST /api/events');
    expect(outside.answers.filter((a) => a.startsWith('POST /api/events'))).toEqual([]);
    const listed = await personVisits(browser, shop.url, ingestUrl, { name: `Insider ${stamp}`, password: PASSWORD }, { errorStored: errorStoredIn(dataDir()) });
    expect(listed.refused, listed.answers.join(', ')).toEqual([]);
    await expect.poll(() => storedBytes(dataDir()).includes(`Insider ${stamp}`), { timeout: 15_000, message: listed.answers.join(', ') }).toBe(true);
    const bytes = storedBytes(dataDir());
    expect(bytes).not.toContain(outside.sessionId);
    expect(bytes).not.toContain(`Outsider ${stamp}`);
  });

  it('removes the session once it is older than the retention, and a backup restore brings it back', async () => {
    await page.goto(`${detailsUrl}?tab=maintenance`);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await visible(page.getByText(BACKUP_MESSAGES.requested));
    const backups = page.getByRole('table', { name: 'Backups' });
    await visible(backups.getByText('Kept'));
    const retention = page.getByRole('radiogroup', { name: 'Keep recordings for' });
    await retention.getByRole('radio', { name: 'Unlimited' }).check();
    await page.getByRole('button', { name: 'Save retention' }).click();
    await visible(page.getByText(RETENTION_MESSAGES.saved));
    await hidden(page.getByText(RETENTION_MESSAGES.pending));

    const recordedEvents = storedEvents(dataDir(), visit.sessionId).length;
    expect(recordedEvents).toBeGreaterThan(0);
    ageSession(dataDir(), visit.sessionId, 40);
    await retention.getByRole('radio', { name: '30 days' }).check();
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByRole('dialog', { name: 'Shorten the data retention?' }).getByRole('button', { name: 'Keep 30 days' }).click();
    await expect.poll(() => storedEvents(dataDir(), visit.sessionId).length, { timeout: SETTLE_MS }).toBe(0);
    let tab = await instanceSessions(page);
    expect(await tab.locator(`[data-session-id="${visit.sessionId}"]`).count()).toBe(0);
    await tab.close();
    await expectAccessible(page, 'journey: retention shortened, a backup kept');

    await backups.getByRole('button', { name: /^Restore the backup of / }).click();
    await page.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('button', { name: 'Restore backup' }).click();
    await visible(page.getByText(BACKUP_MESSAGES.restoreRequested));
    await hidden(page.getByText('Restoring a backup…'));
    tab = await instanceSessions(page);
    await visible(tab.locator(`[data-session-id="${visit.sessionId}"]`));
    expect(await cardFacts(tab, visit.sessionId)).toMatchObject({ User: USER_ID, Pages: '2' });
    await tab.close();
    expect(storedEvents(dataDir(), visit.sessionId).length).toBe(recordedEvents);
  });

  it('shows the checkout error minified until its source map is uploaded, then the original frame and code', async () => {
    await page.goto(`/${instanceId}/errors`);
    await page.getByRole('link', { name: `Error: ${ERROR_MESSAGE}` }).click();
    await page.waitForURL(new RegExp(`/${instanceId}/errors/[a-f0-9]{16}$`));
    await visible(page.getByText(JS_ERROR_MESSAGES.noSourceMaps));
    // The top frame is the shop's minified script, as the browser reported it.
    expect(await page.getByRole('textbox', { name: 'File URL' }).inputValue()).toBe(`${shop.url}${CHECKOUT_SCRIPT}`);
    await page.getByRole('textbox', { name: 'Release' }).fill('1.0.0');
    await page.locator('input[type="file"]').setInputFiles({ name: 'checkout.min.js.map', mimeType: 'application/json', buffer: Buffer.from(checkoutBuild.map) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await visible(page.getByText(JS_ERROR_MESSAGES.uploaded));
    await hidden(page.getByText(JS_ERROR_MESSAGES.noSourceMaps));
    await visible(page.getByText(`in ${CHECKOUT_SOURCE} at ${CHECKOUT_THROWING_LINE}:`, { exact: false }));
    expect(await page.getByLabel(`Code at ${CHECKOUT_SOURCE} line ${CHECKOUT_THROWING_LINE}`).textContent()).toContain(`throw new Error(${JSON.stringify(ERROR_MESSAGE)});`);
    await expectAccessible(page, 'journey: the checkout error, source-mapped');
  });
});
