import { INVITATION_RULES, LANDING_MODULES, SIGNED_IN_GROUPS } from '../apps/web/chunk-groups';
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { firstLink, latestMailTo } from './support/outbox';
import { startConsole, type ConsoleServer } from './support/server';
import { visible } from './support/wait';

/**
 * Issue 10, point 2: a public page, opened cold (no cookie, no cache), loads no code of the
 * signed-in console and reports nothing wrong in the browser: no console error, no uncaught
 * error, no CSP violation. A visit without a session is not an error.
 */

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));

/**
 * The signed-in screens' chunks, recognised by name: the bundler names a lazy chunk after
 * the module it imports (MembersPage-<hash>.js). The modules are read from the routes'
 * and guards' lazy imports; the joining page is public. Each must have its chunk in the
 * build, or the recognition itself is broken.
 */
function signedInChunkNames(): string[] {
  const sources = ['src/app/AppRoutes.tsx', 'src/app/session/guards.tsx'].map((file) => readFileSync(`${web}${file}`, 'utf8'));
  const modules = sources.flatMap((source) => [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => basename(m[1]!)));
  // The landing screens' modules are in a signed-in group's chunk (LANDING_CHUNK), checked below.
  const grouped = LANDING_MODULES.map((module) => basename(module, '.tsx'));
  return modules.filter((name) => name !== 'InvitationPage' && !grouped.includes(name));
}

let server: ConsoleServer;
let browser: Browser;
let invitationPath = '';
let resetPath = '';

async function api(path: string, init: { method?: string; body?: unknown; jwt?: string } = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.jwt ? { authorization: `Bearer ${init.jwt}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  server = await startConsole();
  browser = await launchBrowser();
  // An owner who invites a member and asks for a reset link: the two pages mail links open.
  const owner = { fullname: 'Ada Owner', organizationName: 'Analytical Engines', email: `owner-${Date.now()}@example.com`, password: 'Secret-pass1' };
  const { jwt } = (await api('/signup', { method: 'POST', body: owner })) as { jwt: string };
  const role = (await api('/client/roles', { method: 'PUT', jwt, body: { name: 'Viewers', permissions: ['VIEW_INSTANCES'] } })) as { roleId: string };
  const invited = `invited-${Date.now()}@example.com`;
  await api('/client/members', { method: 'POST', jwt, body: { name: 'Grace Member', email: invited, admin: false, roleId: role.roleId } });
  invitationPath = pathOf(firstLink((await latestMailTo(server.url, invited)).text));
  await api('/password/reset-link', { method: 'POST', body: { email: owner.email } });
  resetPath = pathOf(firstLink((await latestMailTo(server.url, owner.email)).text));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  server?.dispose();
});

describe('public pages opened cold in chromium', () => {
  it('recognises every signed-in chunk of the build by its name', () => {
    const names = signedInChunkNames();
    expect(names).toEqual(expect.arrayContaining(['InstanceDetailsPage', 'MembersPage', 'AuditPage']));
    const files = readdirSync(`${web}dist/assets`);
    for (const name of names)
      expect(
        files.some((file) => file.startsWith(`${name}-`) && file.endsWith('.js')),
        name,
      ).toBe(true);
  });

  const pages: [label: string, path: () => string, heading: string, prerendered: boolean][] = [
    ['login', () => '/login', 'Login to your account', true],
    ['sign-up', () => '/signup', 'Create Account', true],
    ['reset request', () => '/reset-password', 'Reset Password', true],
    ['reset with a link', () => resetPath, 'Set a New Password', false],
    ['invitation', () => invitationPath, 'Join the Team', false],
  ];

  for (const [label, path, heading, prerendered] of pages) {
    it(`${label}: no error in the browser, no signed-in code loaded, no accessibility violation`, async () => {
      const page = await newPage(browser, server.url);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // A CSP violation that script caught (zod's eval probe did) reaches no console message.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
        });
        // The screen as the document brought it: parsed, before any script has run
        // (module scripts run after 'interactive').
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive') (window as { documentMain?: Element | null }).documentMain = document.querySelector('main');
        });
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      try {
        await page.goto(path());
        await visible(page.getByRole('heading', { name: heading }));
        // A prerendered page asks for its code only once painted (load-after-paint.js): on a
        // loaded machine the network can be quiet for half a second before that, and
        // 'networkidle' is then already reached. Wait for the entry script itself, then for
        // the app's own requests to settle.
        await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name)));
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(
          () =>
            new Promise<boolean>((resolve) => {
              const before = performance.getEntriesByType('resource').length;
              setTimeout(() => resolve(performance.getEntriesByType('resource').length === before), 500);
            }),
        );
        expect(problems).toEqual([]);
        expect(scripts.length).toBeGreaterThan(0);
        const signedIn = signedInChunkNames();
        const loaded = scripts.map((script) => basename(script)).filter((file) => signedIn.some((name) => file.startsWith(`${name}-`)));
        expect(loaded).toEqual([]);
        // Nor the chunks of code only signed-in screens share: their rules (the calls' schemas),
        // their components, their modules. (The build itself fails should the start's rules
        // take a signed-in endpoint file: chunk-groups.ts.)
        const groups = scripts.map((script) => /^([a-z-]+)-[\w-]{8}\.js$/.exec(basename(script))?.[1]).filter(Boolean);
        expect(groups).toContain('start');
        // The invitation screen's calls come in a chunk of their own (`rules-invitation`): its
        // page loads none of the signed-in rules either.
        expect(groups.filter((group) => SIGNED_IN_GROUPS.includes(group!))).toEqual([]);
        if (label === 'invitation') expect(groups).toContain(INVITATION_RULES);
        // A prerendered screen is in the document, and the app adopts it (hydration) rather
        // than painting it again: the <main> on screen is the document's own element.
        const adopted = await page.evaluate(() => {
          const first = (window as { documentMain?: Element | null }).documentMain;
          return { inDocument: Boolean(first), same: Boolean(first) && first === document.querySelector('main') };
        });
        expect(adopted).toEqual({ inDocument: prerendered, same: prerendered });
        // The prerendered page is painted before its code is even asked for (load-after-paint.js).
        const order = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          entry: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[\w-]+\.js$/.test(r.name))?.startTime ?? Number.NaN,
        }));
        expect(order.entry, 'the entry script was fetched').toBeGreaterThan(0);
        if (prerendered) expect(order.paint).toBeLessThan(order.entry);
        await expectAccessible(page, `${label}, cold load`);
      } finally {
        await page.context().close();
      }
    });
  }

  it('shows the public screens without any script: the form is in the page the console sends', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    try {
      const page = await context.newPage();
      for (const [, path, heading] of pages.filter(([, , , prerendered]) => prerendered)) {
        await page.goto(path());
        expect(await page.getByRole('heading', { name: heading }).isVisible(), path()).toBe(true);
      }
      await page.goto('/login');
      expect(await page.getByLabel('Email Address').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
