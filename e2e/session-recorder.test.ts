import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, startAgentProcess, type RunningAgent } from '../apps/agent/test/support';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { startConsole, type ConsoleServer } from './support/server';
import { visible } from './support/wait';

/**
 * The console records its own users (spec section 9), in chromium: a real agent stands for the
 * operator's own instance, and a console configured with its URL and project key loads the
 * tracker from it, records the sign-up and the login, and tags the signed-in user, again after
 * 2 minutes. What the agent stored is read back from its data folder: tagged with the user,
 * and without the password typed at sign-up and at login. A console without the settings loads
 * nothing from anywhere else.
 */
let agent: RunningAgent;
let recorded: ConsoleServer;
let plain: ConsoleServer | undefined;
let browser: Browser;
let page: Page;

const stamp = Date.now();
const email = `recorded-${stamp}@example.com`;
const PASSWORD = `Recorded-pass-${stamp}`;
const trackerRequests: string[] = [];

/** A stored line: each batch's head ({ type: 'replay.batch', userId, … }) and rrweb's events (numeric types). */
interface StoredLine {
  type: string | number;
  userId?: string | null;
  data?: { source?: number; text?: string; tag?: string; payload?: { userId?: string | null; key?: string; value?: string } };
}

/** Every file the agent wrote under its sessions folder, as text. */
function storedTexts(): string[] {
  const sessions = join(agent.dataDir, 'sessions');
  if (!existsSync(sessions)) return [];
  return readdirSync(sessions).flatMap((day) => readdirSync(join(sessions, day)).map((file) => readFileSync(join(sessions, day, file), 'utf8')));
}

const storedLines = (): StoredLine[] =>
  storedTexts()
    .flatMap((text) => text.trim().split('\n'))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StoredLine);

/** rrweb's custom events (type 5) the tracker writes for setUserID and setMetadata; its input events (type 3, source 5). */
const customs = (lines: StoredLine[], tag: string) => lines.filter((l) => l.type === 5 && l.data?.tag === tag).map((l) => l.data!.payload!);
const tagsOf = (lines: StoredLine[]) => customs(lines, 'identify').filter((p) => p.userId === email).length;
const typedTexts = (lines: StoredLine[]) => lines.filter((l) => l.type === 3 && l.data?.source === 5).map((l) => l.data!.text);

beforeAll(async () => {
  agent = await startAgentProcess({ projectKey: `recorder-key-${stamp}` });
  recorded = await startConsole({ env: { SESSION_RECORDER_URL: agent.url, SESSION_RECORDER_PROJECT_KEY: agent.projectKey } });
  browser = await launchBrowser();
  page = await newPage(browser, recorded.url);
  page.on('request', (request) => {
    if (request.url().startsWith(agent.url)) trackerRequests.push(new URL(request.url()).pathname);
  });
  // The page's timers run on a clock the test may move on: the 2-minute tag without waiting 2 minutes.
  await page.clock.install();
});

afterAll(async () => {
  await browser?.close();
  for (const server of [recorded, plain]) {
    await server?.stop();
    server?.dispose();
  }
  await cleanUp();
});

describe('the console records its own users', () => {
  it('loads the tracker from the configured instance, which the page’s policy allows, and records the sign-up', async () => {
    const answer = await page.goto('/signup');
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*${agent.url.replace(/[.:/]/g, '\\$&')}`));
    await page.getByLabel('Name', { exact: true }).fill('Rita Recorded');
    await page.getByLabel('Organization').fill('Recorded Works');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByText('Welcome!'));
    await expectAccessible(page, 'recorded: welcome');
    expect(trackerRequests).toContain('/tracker.js');
    await expect.poll(() => tagsOf(storedLines()), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('tags the user who signs in with their email and id, and never stores the password typed at login', async () => {
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await visible(page.getByRole('heading', { name: 'Login to your account' }));
    await expectAccessible(page, 'recorded: login');
    const before = tagsOf(storedLines());
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const loggedIn = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/login' && res.ok());
    await page.getByRole('button', { name: 'Login' }).click();
    const { userId } = ((await (await loggedIn).json()) as { data: { user: { userId: string } } }).data.user;
    await visible(page.getByRole('heading', { name: 'Instances' }));
    await expectAccessible(page, 'recorded: instances');

    await expect.poll(() => tagsOf(storedLines()), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(() => customs(storedLines(), 'metadata').some((p) => p.key === 'userId' && p.value === userId), { timeout: 20_000 }).toBe(true);
    const lines = storedLines();
    // The agent keeps the session's user as the first line of each batch that carries it.
    expect(lines).toContainEqual(expect.objectContaining({ type: 'replay.batch', userId: email }));
    // The typed email is recorded; the password field was seen, and its typing kept masked (a star per character).
    expect(typedTexts(lines)).toContain(email);
    expect(typedTexts(lines)).toContain('*'.repeat(PASSWORD.length));
    expect(storedTexts().join('\n')).not.toContain(PASSWORD);
  });

  it('tags the signed-in user again every 2 minutes', async () => {
    const before = tagsOf(storedLines());
    await page.clock.fastForward('02:00');
    await expect.poll(() => tagsOf(storedLines()), { timeout: 20_000 }).toBe(before + 1);
    expect(storedTexts().join('\n')).not.toContain(PASSWORD);
  });

  it('loads nothing when no recorder is configured: no request to the tracker, nothing in the page’s policy', async () => {
    plain = await startConsole();
    const other = await newPage(browser, plain.url);
    const outside: string[] = [];
    other.on('request', (request) => {
      if (!request.url().startsWith(plain!.url)) outside.push(request.url());
    });
    const configRead = other.waitForResponse((res) => res.url().endsWith('/api/public-config'));
    const answer = await other.goto('/login');
    expect((await (await configRead).json()).data.sessionRecorder).toBeNull();
    await visible(other.getByRole('heading', { name: 'Login to your account' }));
    await expectAccessible(other, 'not recorded: login');
    expect(answer?.headers()['content-security-policy']).not.toContain(agent.url);
    expect(await other.evaluate(() => [document.querySelectorAll('script[src$="/tracker.js"]').length, typeof window.ReplayTracker])).toEqual([0, 'undefined']);
    expect(outside).toEqual([]);
    await other.context().close();
  });
});
