import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { transformSync } from 'esbuild';
import type { Browser, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { html, unpackBatch, watchBatches, type SentBatch, type Site } from './site';
import { tabOpenedBy, visible } from './wait';
import { SESSION_KEY } from '../../packages/tracker/src/session';

/**
 * The customer's shop for the replay journey (e2e/replay-journey.test.ts): two pages carrying the
 * console's script snippet as pasted, a sign-in button that runs the console's setUserID
 * snippet, a checkout form with a plain field and a password field, and a Pay button whose
 * handler, in a minified script of its own, throws. `person` is what one visitor does there, in a browser context of their own.
 */
export const USER_ID = 'jane@example.com';
export const ERROR_MESSAGE = 'Card declined at checkout';

/** Where the checkout's script lives on the shop, and the original file its source map names. */
export const CHECKOUT_SCRIPT = '/assets/checkout.min.js';
export const CHECKOUT_SOURCE = 'src/checkout.js';
/** The line of the original checkout script that throws. */
export const CHECKOUT_THROWING_LINE = 3;

/** The shop's checkout script, really minified (esbuild), and its source map: what a customer's build ships and uploads. */
export const checkoutBuild = transformSync(['export function pay(form) {', '  if (form.name.value) {', `    throw new Error(${JSON.stringify(ERROR_MESSAGE)});`, '  }', '}', ''].join('\n'), {
  minify: true,
  sourcemap: 'external',
  sourcefile: CHECKOUT_SOURCE,
  format: 'iife',
  globalName: 'Checkout',
});

export function shopPages(site: Site, snippet: { script: string; identify: string }): void {
  const signIn = `<button id="signin">Sign in</button>
<script>document.getElementById('signin').addEventListener('click', () => {\n${snippet.identify}\n});</script>`;
  site.pages.set('/shop', html(snippet.script, `<h1>Shop</h1><p>Blue mug, 12 EUR</p>${signIn}<a id="checkout" href="/checkout">Checkout</a>`));
  const form = `<h1>Checkout</h1>
<label>Name on the order <input id="name" name="name"></label>
<label>Password <input id="password" type="password" name="password"></label>
<script src="${CHECKOUT_SCRIPT}"></script>
<button id="pay" onclick="Checkout.pay({ name: document.getElementById('name') })">Pay</button>`;
  site.pages.set('/checkout', html(snippet.script, form));
  site.pages.set(CHECKOUT_SCRIPT, { type: 'text/javascript; charset=utf-8', body: checkoutBuild.code });
}

export interface Visit {
  sessionId: string;
  sent: SentBatch[];
  /** The instance's answers to the page, as 'METHOD /path status', and its requests the browser refused (CORS) as 'METHOD /path'. */
  answers: string[];
  refused: string[];
}

/**
 * A person on the shop at `origin`: opens /shop, signs in, follows the link to /checkout, types a
 * name and (key by key) a password, and pays, which throws (unless `pay` is false). Returns once
 * the batches carrying the typed name (and the error) have left the page, whether the instance
 * then takes them or not; the context is closed then, and the tracker's last batch leaves with it.
 * With `recorded: false` (a session the capture rate leaves out) it waits for nothing to be sent.
 * With `errorStored` (whether the instance holds a session's error report), it waits for the
 * error's own report to be stored before closing the context, which could cut it off.
 */
export async function personVisits(
  browser: Browser,
  origin: string,
  ingestUrl: string,
  typed: { name: string; password: string },
  { pay = true, recorded = true, errorStored }: { pay?: boolean; recorded?: boolean; errorStored?: (sessionId: string) => boolean } = {},
): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sent = watchBatches(page, ingestUrl);
  const instance = new URL(ingestUrl).origin;
  const answers: string[] = [];
  const refused: string[] = [];
  /** Batches whose request has ended, answered or refused: closing the page can no longer cut them off. */
  const settled: SentBatch[] = [];
  const settle = (r: Request) => void settled.push(...[unpackBatch(r, ingestUrl)].filter((b) => b !== null));
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const named = (r: Request) => `${r.method()} ${new URL(r.url()).pathname}`;
  page.on('response', (r) => void (r.url().startsWith(instance) && answers.push(`${named(r.request())} ${r.status()}`)));
  page.on('requestfailed', (r) => void (r.url().startsWith(instance) && refused.push(named(r))));
  await page.goto(`${origin}/shop`);
  // Recording has begun once the first batch (the page's snapshot) was sent; a session the
  // capture rate leaves out has decided once the tracker read the instance's config.
  if (recorded) await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
  else await expect.poll(() => answers.some((a) => a.startsWith('GET /api/tracker-config ')), { timeout: 15_000 }).toBe(true);
  await page.locator('#signin').click();
  await page.locator('#checkout').click();
  await page.waitForURL(/\/checkout$/);
  await page.locator('#name').pressSequentially(typed.name);
  await page.locator('#password').pressSequentially(typed.password);
  if (pay) await page.locator('#pay').click();
  // The whole name's input event (as typed, or obscured where the tracker could not read the
  // instance's options) and the error have left the page and been answered or refused, whatever
  // the instance or the browser did with them.
  const nameEvent = (e: SentBatch['body']['events'][number]) => e.type === 3 && e.data?.source === 5 && String(e.data?.text).length === typed.name.length;
  const errorEvent = (e: SentBatch['body']['events'][number]) => e.type === 5 && e.data?.tag === 'error';
  const done = (has: typeof nameEvent) => settled.some((b) => b.body.events.some(has));
  const sessionId = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', SESSION_KEY);
  if (recorded) await expect.poll(() => done(nameEvent) && (!pay || done(errorEvent)), { timeout: 20_000 }).toBe(true);
  // Leaving the page is when a tracker sends what it still holds: nothing, for a session left out.
  else await page.goto('about:blank');
  // The error's own report (POST /api/errors) is a request beside the batches, which closing the
  // context could cut off: where the caller can see the instance's data, wait until it is stored.
  if (recorded && pay && errorStored) {
    try {
      await expect.poll(() => errorStored(sessionId), { timeout: 20_000 }).toBe(true);
    } catch (cause) {
      throw new Error(`The error report of ${sessionId} was not stored; the instance answered ${answers.join(', ')}; refused: ${refused.join(', ') || 'none'}`, { cause });
    }
  }
  await context.close();
  return { sessionId, sent, answers, refused };
}

/** The instance's own data folder under the console's (local driver). */
export const instanceData = (consoleDataDir: string, instanceId: string) => join(consoleDataDir, 'instances', instanceId, 'data');

/** Whether the instance stored an error report of the session (errors/<day>.jsonl in its data folder). */
export function errorStoredIn(dataDir: string): (sessionId: string) => boolean {
  return (sessionId) => {
    const errors = join(dataDir, 'errors');
    if (!existsSync(errors)) return false;
    return readdirSync(errors).some((name) => readFileSync(join(errors, name), 'utf8').includes(JSON.stringify(sessionId)));
  };
}

/** Every rrweb event (numeric type) the instance stored for a session, from its chunk files. */
export function storedEvents(dataDir: string, sessionId: string): { type: number; timestamp: number }[] {
  const sessions = join(dataDir, 'sessions');
  if (!existsSync(sessions)) return [];
  return readdirSync(sessions)
    .map((day) => join(sessions, day, `${sessionId}.jsonl`))
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n'))
    .map((line) => JSON.parse(line) as { type: number | string; timestamp: number })
    .filter((e): e is { type: number; timestamp: number } => typeof e.type === 'number');
}

/**
 * Makes a session look received `days` ago, as it would be once that time has passed (no
 * journey waits 40 days): its row in the instance's session index, which retention reads. The
 * agent keeps the index open in WAL mode; SQLite's own locking lets this process write it.
 */
export function ageSession(dataDir: string, sessionId: string, days: number): void {
  const db = new Database(join(dataDir, 'index.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE sessions SET received_at = received_at - ? WHERE id = ?').run(days * 86_400_000, sessionId).changes;
    if (changed !== 1) throw new Error(`session ${sessionId} is not in the instance's index`);
  } finally {
    db.close();
  }
}

/**
 * The instance's Sessions screen, opened from the instance's details page in the console as a
 * member does (its address link signs in once), filtered by user id. Close the tab after use.
 */
export async function instanceSessions(page: Page): Promise<Page> {
  const tab = await tabOpenedBy(page.getByRole('link', { name: /^http:\/\/localhost:\d+ opens in a new tab$/ }).first());
  await tab.waitForURL(/^http:\/\/localhost:\d+\/$/);
  await tab.getByTestId('sessions-link').click();
  await visible(tab.getByRole('heading', { name: 'Sessions', exact: true }));
  return tab;
}

/** A session's card on the Sessions screen: its facts by their names ('Duration', 'User', …). */
export async function cardFacts(tab: Page, sessionId: string): Promise<Record<string, string>> {
  const card = tab.locator(`[data-testid="session"][data-session-id="${sessionId}"]`);
  const names = await card.locator('dt').allTextContents();
  const values = await card.locator('dd').allTextContents();
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']));
}
