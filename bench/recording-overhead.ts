/**
 * The tracker's cost on a busy page (issue 43, point 7), in chromium: a page of 1,000 table rows
 * whose every row changes each second (its texts and its class), watched for DURATION_S seconds
 * (60 by default), once without the tracker and once with the console's script snippet recording
 * into a real agent; RUNS pairs (3 by default), the order alternating so that neither variant
 * always runs first on a warmer (or busier) machine. Per run: the main thread's long-task time
 * (PerformanceObserver 'longtask', every task over 50 ms, the page's load included) and, for
 * context, its whole task time (the DevTools protocol's TaskDuration) and the long tasks from the
 * 5th second on (the load and the tracker's first snapshot done). The figure is the ratio of the
 * long-task totals, with the tracker ÷ without: goal ≤ 1.10.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { compatibilityOf, ingestUrlOf, trackerSnippets } from '@replay/contracts';
import { ensureTrackerBuilt } from '../packages/tracker/build.mjs';
import { launchBrowser } from '../e2e/support/browser';
import { startBenchAgent } from './agent';

const AGENT_PORT = Number(process.env.PORT ?? 47400);
const RUNS = Number(process.env.RUNS ?? 3);
const DURATION_S = Number(process.env.DURATION_S ?? 60);
export const OVERHEAD_GOAL = 1.1;
const ROWS = 1000;

/** The busy page: the rows built at load, then every row's texts and class changed every second. */
function busyPage(head: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders</title>${head}
<style>.odd{background:#f4f4f4}.even{background:#fff}td{padding:2px 6px}</style></head><body>
<h1>Orders</h1><table><tbody id="rows"></tbody></table>
<script>
const body = document.getElementById('rows');
for (let i = 0; i < ${ROWS}; i++) {
  const row = body.insertRow();
  for (let c = 0; c < 4; c++) row.insertCell().textContent = 'Order ' + i + ' / ' + c;
}
let tick = 0;
setInterval(() => {
  tick++;
  for (let i = 0; i < body.rows.length; i++) {
    const row = body.rows[i];
    row.className = (i + tick) % 2 ? 'odd' : 'even';
    row.cells[1].textContent = 'Status ' + ((i * 7 + tick) % 5);
    row.cells[2].textContent = (((i + 1) * tick) % 997) + ' EUR';
  }
}, 1000);
</script></body></html>`;
}

/** Long tasks that start this long after the navigation are the page's steady state: the load and the tracker's first snapshot are done. */
const STEADY_AFTER_MS = 5000;

const OBSERVE_LONG_TASKS = `window.__longTaskMs = 0; window.__steadyLongTaskMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__longTaskMs += e.duration;
    if (e.startTime >= ${STEADY_AFTER_MS}) window.__steadyLongTaskMs += e.duration;
  }
}).observe({ type: 'longtask', buffered: true });`;

interface RunFigures {
  longTaskMs: number;
  /** Of longTaskMs, the tasks that started STEADY_AFTER_MS or later. */
  steadyLongTaskMs: number;
  taskMs: number;
  batches: number;
}

async function watch(browser: Browser, url: string, ingestUrl: string): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_LONG_TASKS);
    let batches = 0;
    page.on('request', (r) => void (r.method() === 'POST' && r.url() === ingestUrl && batches++));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.waitForTimeout(DURATION_S * 1000);
    const longTaskMs = (await page.evaluate('window.__longTaskMs')) as number;
    const steadyLongTaskMs = (await page.evaluate('window.__steadyLongTaskMs')) as number;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const taskMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    return { longTaskMs, steadyLongTaskMs, taskMs, batches };
  } finally {
    await context.close();
  }
}

export interface OverheadFigures {
  runs: { without: RunFigures; with: RunFigures }[];
  longTaskRatio: number;
  /** Long-task time the tracker adds to a minute of the page. */
  addedLongTaskMsPerMinute: number;
  /** Long-task time from STEADY_AFTER_MS on, all runs: what the recording costs once the page and its first snapshot are loaded. */
  steadyLongTaskMs: { with: number; without: number };
  taskRatio: number;
}

export async function benchRecordingOverhead(): Promise<OverheadFigures> {
  await ensureTrackerBuilt();
  const limits = { AGENT_CLIENT_REQUESTS_PER_SECOND: '1000000', AGENT_INSTANCE_REQUESTS_PER_SECOND: '1000000', AGENT_MIN_FREE_MB: '0' };
  const agent = await startBenchAgent({ instanceId: 'bench-overhead', port: AGENT_PORT, env: limits });
  const { script } = trackerSnippets({ instanceUrl: agent.url, projectKey: agent.projectKey, trackerVersion: compatibilityOf('1.21').tracker });
  const pages = new Map([
    ['/plain', busyPage('')],
    ['/tracked', busyPage(script)],
  ]);
  const site = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (body) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(AGENT_PORT + 1, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const ingestUrl = ingestUrlOf(agent.url);
  try {
    const runs: OverheadFigures['runs'] = [];
    for (let r = 0; r < RUNS; r++) {
      const order = r % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      const run: Partial<OverheadFigures['runs'][number]> = {};
      for (const variant of order) run[variant] = await watch(browser, `${origin}/${variant === 'with' ? 'tracked' : 'plain'}`, ingestUrl);
      if (run.with!.batches === 0) throw new Error('the tracker sent nothing: the run measured no recording');
      runs.push(run as OverheadFigures['runs'][number]);
    }
    const sum = (variant: 'with' | 'without', key: 'longTaskMs' | 'steadyLongTaskMs' | 'taskMs') => runs.reduce((total, run) => total + run[variant][key], 0);
    const minutes = (runs.length * DURATION_S) / 60;
    return {
      runs,
      longTaskRatio: sum('with', 'longTaskMs') / sum('without', 'longTaskMs'),
      addedLongTaskMsPerMinute: (sum('with', 'longTaskMs') - sum('without', 'longTaskMs')) / minutes,
      steadyLongTaskMs: { with: sum('with', 'steadyLongTaskMs'), without: sum('without', 'steadyLongTaskMs') },
      taskRatio: sum('with', 'taskMs') / sum('without', 'taskMs'),
    };
  } finally {
    await browser.close();
    site.close();
    await agent.stop();
  }
}

export function recordingOverheadReport(f: OverheadFigures): string[] {
  const ms = (n: number) => `${Math.round(n)} ms`;
  return [
    ...f.runs.map(
      (r, i) =>
        `recording overhead run ${i + 1}: long tasks ${ms(r.without.longTaskMs)} without, ${ms(r.with.longTaskMs)} with the tracker (${r.with.batches} batches); from ${STEADY_AFTER_MS / 1000} s on ${ms(r.without.steadyLongTaskMs)} / ${ms(r.with.steadyLongTaskMs)}; all tasks ${ms(r.without.taskMs)} / ${ms(r.with.taskMs)}`,
    ),
    // Without the tracker the page may have no long task at all: the ratio is then unbounded, and the added time says more.
    `recording overhead (${ROWS} rows changing every second, ${DURATION_S} s × ${f.runs.length} runs): long-task time with the tracker ÷ without ${Number.isFinite(f.longTaskRatio) ? f.longTaskRatio.toFixed(2) : '∞ (none without)'} (goal ≤ ${OVERHEAD_GOAL.toFixed(2)}), ${ms(f.addedLongTaskMsPerMinute)} of long tasks added a minute; from ${STEADY_AFTER_MS / 1000} s on ${ms(f.steadyLongTaskMs.with)} with, ${ms(f.steadyLongTaskMs.without)} without; all task time ${f.taskRatio.toFixed(2)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of recordingOverheadReport(await benchRecordingOverhead())) console.log(line);
