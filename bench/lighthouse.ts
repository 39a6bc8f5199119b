/**
 * Lighthouse, as the web world runs it, on /login and on a signed-in /instances:
 * its default settings (mobile emulation, simulated "slow 4G" throttling with a 4× CPU
 * slowdown), driving Debian's chromium (CHROMIUM_PATH) through chrome-launcher; nothing
 * downloads a browser. Needs a built web app (`npm run build`).
 *
 * The signed-in run: an account is signed up through the API and the session cookies it
 * answers are set in the browser over CDP before Lighthouse opens the page, so the SPA
 * restores the session as after any reload (refresh cookie, httpOnly). The browser never
 * visits the console before, so every run starts with a cold HTTP cache; Lighthouse's
 * own storage reset keeps cookies.
 *
 * Each page is measured LH_RUNS times (default 3) in one browser; the run with the median
 * performance score is reported, as Lighthouse's docs advise for variance.
 * LH_REPORT_DIR keeps each run's full JSON report.
 * Targets: performance ≥ 90 (LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1), accessibility 100,
 * best practices 100.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type CookieData } from 'puppeteer-core';
import { startConsole } from '../e2e/support/server';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LH_RUNS ?? 3);
/** LH_ONLY=login or LH_ONLY=instances measures that page alone (while working on it). */
const only = process.env.LH_ONLY;
/** Set LH_REPORT_DIR to keep every run's full report (JSON, opens in Lighthouse's viewer). */
const reportDir = process.env.LH_REPORT_DIR;
/**
 * LH_THROTTLING=devtools throttles the browser itself (the same slow 4G and 4× CPU, applied
 * as the page loads) instead of simulating from an unthrottled load: slower to run and
 * noisier, but it times what actually happened, the order of round trips included.
 */
const throttlingMethod = process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';

/** chrome-launcher's defaults plus what a container needs (no sandbox, small /dev/shm). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];

export interface PageScores {
  page: string;
  /** Category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits of the three categories that Lighthouse shows as failed (score < 0.9). */
  failing: string[];
  /** Every run's performance score, to show the spread. */
  performanceRuns: number[];
  /** The runs Lighthouse could not record and that were run again, by its error code. */
  repeated: string[];
}

/**
 * Lighthouse's errors that say the trace could not be recorded and to run it again: here
 * `NO_NAVSTART` now and then on the first signed-in run after the /login runs (its warning
 * says the load did not finish in time, while chromium driven alone loads that page in
 * 0.4 s under the same throttling); not yet understood, hence counted in the output.
 */
const RUN_AGAIN = new Set(['NO_NAVSTART', 'NO_FCP']);

/** Lighthouse's report counts an audit as passed from 0.9 up. */
const PASS = 0.9;
const NOT_SCORED = new Set(['notApplicable', 'informative', 'manual']);

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number }>;
  runtimeError?: { code: string; message: string };
}

function scoresOf(page: string, lhr: Lhr): Omit<PageScores, 'performanceRuns' | 'repeated'> {
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = new Set<string>();
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && !NOT_SCORED.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < PASS) failing.add(ref.id);
    }
  }
  return {
    page,
    performance: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(value('first-contentful-paint')),
    failing: [...failing].sort(),
  };
}

/** The cookies a sign-in answer sets, as CDP takes them (a minimal Set-Cookie reader). */
function cookiesOf(response: Response, origin: string): CookieData[] {
  const { hostname } = new URL(origin);
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const attribute = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(name.toLowerCase()));
    const sameSite = attribute('SameSite')?.split('=')[1]?.toLowerCase();
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: hostname,
      path: attribute('Path')?.split('=')[1] ?? '/',
      httpOnly: attribute('HttpOnly') !== undefined,
      secure: attribute('Secure') !== undefined,
      sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
    };
  });
}

async function signUp(origin: string): Promise<CookieData[]> {
  const res = await fetch(`${origin}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Ada Lovelace', organizationName: 'Analytical Engines', email: 'ada@example.com', password: 'Str0ng!Passw0rd' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookies = cookiesOf(res, origin);
  if (cookies.length === 0) throw new Error('sign-up set no cookie');
  return cookies;
}

function median(values: PageScores[]): PageScores {
  const sorted = [...values].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse run');
  return { ...middle, performanceRuns: values.map((v) => v.performance) };
}

export async function benchLighthouse(): Promise<PageScores[]> {
  if (!existsSync(chromePath)) throw new Error(`No chromium at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH`);
  const server = await startConsole();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    /** One Lighthouse run of `path`; its report kept under LH_REPORT_DIR as `<page>-<run>[-<attempt>].json`. */
    const runOnce = async (path: string, name: string): Promise<Lhr> => {
      const page = await browser.newPage();
      try {
        const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', throttlingMethod }, undefined, page);
        const lhr = result?.lhr as Lhr | undefined;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          writeFileSync(join(reportDir, `${path.replace(/\W+/g, '') || 'root'}-${name}.json`), JSON.stringify(lhr, null, 1));
        }
        return lhr;
      } finally {
        await page.close();
      }
    };
    const measure = async (path: string): Promise<PageScores> => {
      const results: PageScores[] = [];
      const repeated: string[] = [];
      for (let i = 0; i < runs; i++) {
        let lhr = await runOnce(path, `${i + 1}`);
        // Lighthouse's own "record the trace again" failures get one more attempt, and the bench says so.
        if (lhr.runtimeError && RUN_AGAIN.has(lhr.runtimeError.code)) {
          repeated.push(lhr.runtimeError.code);
          lhr = await runOnce(path, `${i + 1}-again`);
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        results.push({ ...scoresOf(path, lhr), performanceRuns: [], repeated: [] });
      }
      return { ...median(results), repeated };
    };
    const pages: PageScores[] = [];
    if (only !== 'instances') pages.push(await measure('/login'));
    if (only !== 'login') {
      await browser.setCookie(...(await signUp(server.url)));
      pages.push(await measure('/instances'));
    }
    return pages;
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
    server.dispose();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The bench's lines: scores and metrics per page against the targets, then what failed. */
export function lighthouseReport(pages: PageScores[]): string[] {
  const lines = [
    `Lighthouse ${runs}× per page, default mobile settings (${throttlingMethod === 'simulate' ? 'simulated' : 'devtools'} throttling), median run; targets: performance ≥ 90 (LCP ≤ 2.50 s, TBT ≤ 200 ms, CLS ≤ 0.1), accessibility 100, best practices 100`,
  ];
  for (const p of pages) {
    lines.push(
      `  ${p.page}: performance ${p.performance} (runs ${p.performanceRuns.join(', ')}), accessibility ${p.accessibility}, best practices ${p.bestPractices}; LCP ${s(p.lcpMs)}, TBT ${p.tbtMs} ms, CLS ${p.cls}, FCP ${s(p.fcpMs)}`,
      `    failing audits: ${p.failing.length ? p.failing.join(', ') : 'none'}`,
      ...(p.repeated.length ? [`    runs recorded again (Lighthouse could not record them): ${p.repeated.join(', ')}`] : []),
    );
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of lighthouseReport(await benchLighthouse())) console.log(line);
}
