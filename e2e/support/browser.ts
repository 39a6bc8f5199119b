import { chromium, type Browser, type BrowserServer, type Download, type Page } from 'playwright-core';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's chromium; playwright never downloads a browser of its own here. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function assertChromium(): void {
  if (!existsSync(executablePath)) throw new Error(`No chromium at ${executablePath}: run .ci/run or apt-get install chromium`);
}

/** A chromium that others connect to (the e2e project's global set-up starts one per worker). */
export async function launchChromiumServer(): Promise<BrowserServer> {
  assertChromium();
  return chromium.launchServer({ executablePath, args: FLAGS, headless: true });
}

/** This worker's shared chromium, when a vitest run started one (benches run outside vitest and launch their own). */
async function sharedEndpoint(): Promise<string | undefined> {
  const pool = Number(process.env.VITEST_POOL_ID);
  if (!process.env.VITEST || !Number.isInteger(pool) || pool < 1) return undefined;
  const { inject } = await import('vitest');
  const endpoints = inject('chromiumEndpoints') as string[] | undefined;
  return endpoints?.[(pool - 1) % endpoints.length];
}

/**
 * A browser for one journey. In the e2e run it is a connection to the worker's chromium: its
 * close() ends the connection and every context made through it, not the shared browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await sharedEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  assertChromium();
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}

/**
 * A fresh browser context (own cookies and storage) and page on the console. It asks for reduced
 * motion, which the theme honours (`respectReducedMotion`): dialogs and toasts appear and leave at
 * once, so axe never judges the contrast of one half faded (a toast's auto-close can begin between
 * the wait for settled animations and axe's reading), and no step waits on a transition.
 */
export async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1360, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * A download saved to a file of its own: a browser reached through its worker's shared chromium
 * keeps downloads on its side, so `download.path()` is not there; `saveAs` streams the bytes over.
 */
export async function savedDownload(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
