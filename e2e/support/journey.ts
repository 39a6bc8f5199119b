import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startConsole, type ConsoleServer } from './server';

export interface Journey {
  server: ConsoleServer;
  browser: Browser;
  page: Page;
}

/** A fresh console with its own data folder, chromium, and a page on the console. */
export async function openJourney(): Promise<Journey> {
  const server = await startConsole();
  const browser = await launchBrowser();
  return { server, browser, page: await newPage(browser, server.url) };
}

/** Closes what openJourney opened; safe after a failed open. */
export async function closeJourney(j: Partial<Journey>): Promise<void> {
  await j.browser?.close();
  await j.server?.stop();
  j.server?.dispose();
}
