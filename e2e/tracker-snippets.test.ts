import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilityOf, ingestUrlOf, trackerSnippets } from '@replay/contracts';
import { cleanUp, startAgentProcess, tempDir, type RunningAgent } from '../apps/agent/test/support';
import { launchBrowser } from './support/browser';
import { html, startSite, storedBytes, watchBatches, type SentBatch, type Site } from './support/site';

/**
 * Every snippet the console shows (Getting started › Install: the npm command and code, the
 * script tag; Identify Users: setUserID), pasted into a customer's page served on its own port,
 * against a real agent, in chromium: each page's batches land in the agent's data folder,
 * gzip-compressed on the wire, one session across the pages of a visit and a reload. The npm
 * snippet is installed from the instance's own tarball (fetched from the address the install
 * command names, then `npm install <file>` offline) and bundled with esbuild, as a site would.
 */
let agent: RunningAgent;
let site: Site;
let browser: Browser;
let snippets: ReturnType<typeof trackerSnippets>;

const FORM = '<label>Name <input id="name" name="name"></label><button id="buy">Buy</button>';

beforeAll(async () => {
  agent = await startAgentProcess({ version: '1.21' });
  site = await startSite();
  browser = await launchBrowser();
  snippets = trackerSnippets({ instanceUrl: agent.url, projectKey: agent.projectKey, trackerVersion: compatibilityOf('1.21').tracker });
  const identify = `<script>document.getElementById('buy').addEventListener('click', () => { ${snippets.identify} });</script>`;
  site.pages.set('/script/one', html(snippets.script, FORM + identify));
  site.pages.set('/script/two', html(snippets.script, FORM + identify));
  site.pages.set('/npm', html('<script type="module" src="/npm.js"></script>', FORM));
  const failing = `<script>
function declined() { console.error('Checkout failed', new Error('Card declined')); }
function lost() { Promise.reject(new TypeError('Lost promise')); }
</script><button id="declined" onclick="declined()">Pay</button><button id="lost" onclick="lost()">Save</button>`;
  site.pages.set('/script/errors', html(snippets.script, FORM + failing));
  // The site calls the tracker right after the snippet, before its script has loaded.
  const early = `<script>tracker.setUserID('early@example.com'); tracker.setMetadata('plan', 'team'); tracker.event('opened', { from: 'snippet' });</script>`;
  site.pages.set('/script/early', html(snippets.script + early, FORM));
  site.pages.set('/npm.js', { type: 'text/javascript', body: await bundleNpmSnippet() });
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await agent?.stop();
  await cleanUp();
});

/** The install command run as a site would (its tarball from the instance), then the npm code bundled. */
async function bundleNpmSnippet(): Promise<string> {
  const app = tempDir();
  const url = /^npm install (\S+)$/.exec(snippets.install)?.[1];
  expect(url).toBe(`${agent.url}/tracker/16.0.0/tracker.tgz`);
  const tarball = join(app, 'tracker.tgz');
  writeFileSync(tarball, Buffer.from(await (await fetch(url!)).arrayBuffer()));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'shop', private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: app, stdio: 'pipe' });
  mkdirSync(join(app, 'src'));
  const identify = `document.getElementById('buy').addEventListener('click', () => { ${snippets.identify} });`;
  writeFileSync(join(app, 'src/main.js'), `${snippets.npm}\nwindow.tracker = tracker;\n${identify}\n`);
  const out = await build({ entryPoints: [join(app, 'src/main.js')], bundle: true, format: 'esm', write: false, absWorkingDir: app, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

async function visit(path: string, sent: SentBatch[], page: Page): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await page.locator('#name').fill(`Typed on ${path}`);
  await page.locator('#buy').click();
  // The batch that carries this page's full snapshot and the typed name.
  await expect.poll(() => sent.some((b) => b.body.url === `${site.url}${path}` && b.body.events.some((e) => e.type === 2)), { timeout: 15_000 }).toBe(true);
}

describe('the console’s snippets, pasted into a site', () => {
  it('script tag: records the page with rrweb, gzip on the wire, one session across two pages and a reload, tagged by setUserID', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = watchBatches(page, ingestUrlOf(agent.url));
    await visit('/script/one', sent, page);
    await visit('/script/two', sent, page);
    await page.reload();
    await expect.poll(() => sent.filter((b) => b.body.url === `${site.url}/script/two` && b.body.events.some((e) => e.type === 2)).length, { timeout: 15_000 }).toBeGreaterThan(1);

    expect(sent.every((b) => b.encoding === 'gzip')).toBe(true);
    expect(new Set(sent.map((b) => b.body.sessionId)).size).toBe(1);
    expect(sent.some((b) => b.body.userId === 'jane@example.com')).toBe(true);
    const { sessionId } = sent[0]!.body;
    await expect.poll(() => storedBytes(agent.dataDir).includes('Typed on /script/two'), { timeout: 15_000 }).toBe(true);
    const stored = storedBytes(agent.dataDir);
    expect(stored).toContain('Typed on /script/one');
    expect(stored).toContain('"userId":"jane@example.com"');
    expect(stored).toContain(sessionId);
    await context.close();
  });

  it('script tag: calls made before the script has loaded are made, in order, once it has', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = watchBatches(page, ingestUrlOf(agent.url));
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route('**/tracker/16.0.0/tracker.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto(`${site.url}/script/early`, { waitUntil: 'domcontentloaded' });
    // The page was parsed without waiting for the tracker; the site’s calls wait in the stand-in’s queue.
    const waiting = await page.evaluate(() => (window as unknown as { tracker: { queue: [string, unknown[]][] } }).tracker.queue);
    expect(waiting).toEqual([
      ['start', []],
      ['setUserID', ['early@example.com']],
      ['setMetadata', ['plan', 'team']],
      ['event', ['opened', { from: 'snippet' }]],
    ]);
    releaseScript();
    await expect.poll(() => sent.some((b) => b.body.userId === 'early@example.com' && b.body.events.some((e) => e.type === 2)), { timeout: 15_000 }).toBe(true);
    expect(sent.some((b) => b.body.metadata?.plan === 'team')).toBe(true);
    await expect.poll(() => storedBytes(agent.dataDir).includes('"from":"snippet"'), { timeout: 15_000 }).toBe(true);
    const adopted = () => {
      const host = window as unknown as { tracker: unknown; ReplayTracker: new () => unknown };
      return host.tracker instanceof host.ReplayTracker;
    };
    expect(await page.evaluate(adopted)).toBe(true);
    await context.close();
  });

  it('npm: the package installed from the instance’s tarball and bundled records into the instance', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = watchBatches(page, ingestUrlOf(agent.url));
    await visit('/npm', sent, page);
    expect(sent.every((b) => b.encoding === 'gzip')).toBe(true);
    await expect.poll(() => storedBytes(agent.dataDir).includes('Typed on /npm'), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('script tag: console.error and an unhandled rejection reach the instance’s errors with their frames, and mark the recording', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = watchBatches(page, ingestUrlOf(agent.url));
    await page.goto(`${site.url}/script/errors`);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('#declined').click();
    await page.locator('#lost').click();
    const errorLines = () =>
      storedBytes(agent.dataDir)
        .split('\n')
        .filter((l) => l.startsWith('{') && l.includes('"errorId"'))
        .map((l) => JSON.parse(l) as { name: string; message: string; frames: { file: string; function: string | null; line: number }[] });
    await expect
      .poll(
        () =>
          errorLines()
            .map((e) => e.message)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['Card declined', 'Lost promise']);
    for (const e of errorLines()) {
      expect(e.frames[0]).toMatchObject({ file: `${site.url}/script/errors`, function: e.message === 'Card declined' ? 'declined' : 'lost' });
      expect(e.frames[0]!.line).toBeGreaterThan(0);
    }
    expect(errorLines().find((e) => e.message === 'Lost promise')?.name).toBe('TypeError');
    await expect.poll(() => sent.flatMap((b) => b.body.events).filter((e) => e.type === 5 && e.data?.tag === 'error').length, { timeout: 15_000 }).toBe(2);
    await context.close();
  });
});
