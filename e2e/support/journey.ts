import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startConsole, type ConsoleServer } from './server';

export interface Journey {
  server: ConsoleServer;
  browser: Browser;
  page: Page;
}

/**
 * A fresh console with its own data folder and database (`embedded`: PGlite's, as `npm start` runs;
 * support/console-database.ts), and `env` (operator settings such as EXTRA_VERSIONS), chromium, and a page on the console. If a later step fails (no chromium, say), what was already opened
 * is closed: the caller never got it, so its teardown cannot.
 */
export async function openJourney(opts: { env?: Record<string, string>; embedded?: boolean } = {}): Promise<Journey> {
  const opened: Partial<Journey> = {};
  try {
    opened.server = await startConsole(opts);
    opened.browser = await launchBrowser();
    return { server: opened.server, browser: opened.browser, page: await newPage(opened.browser, opened.server.url) };
  } catch (err) {
    await closeJourney(opened);
    throw err;
  }
}

/** Closes what openJourney opened; safe after a failed open. */
export async function closeJourney(j: Partial<Journey>): Promise<void> {
  await j.browser?.close();
  await j.server?.stop();
  j.server?.dispose();
}
