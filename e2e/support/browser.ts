import { chromium, type Browser, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';

/** Debian's chromium; playwright never downloads a browser of its own here. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(executablePath)) throw new Error(`No chromium at ${executablePath}: run .ci/run or apt-get install chromium`);
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
