/**
 * The details route's JS (and CSS) the monitoring charts add: what chromium
 * receives when the Monitoring tab is opened on an instance's details screen
 * that is already on screen (the chart chunk with uPlot and whatever shared
 * chunk it needs that the screen had not loaded), counted as bundle-size.ts
 * counts: encoded body plus response headers, as received (the build's gzip
 * or brotli copy, whichever chromium asked for). Needs a built web app
 * (`npm run build`). Target ≤ 30 kB gzip.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startConsole } from '../e2e/support/server';
import type { TransferredFile } from './bundle-size';

export const CHARTS_TARGET_BYTES = 30_000;

export interface ChartsTransfer {
  files: TransferredFile[];
  /** As received: encoded bodies (brotli, as chromium asks) plus response headers. */
  totalBytes: number;
  /** The same files' gzip copies from the build, bodies only: the target's unit. */
  gzipBytes: number;
}

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const gzipSize = (path: string) => statSync(`${dist}${path}.gz`).size;

/** Scripts and stylesheets chromium receives while `act` runs and the page settles. */
async function codeReceivedDuring(page: Page, act: () => Promise<void>): Promise<TransferredFile[]> {
  const files: TransferredFile[] = [];
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    if (!['script', 'stylesheet'].includes(request.resourceType())) return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        files.push({
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          encoding: response?.headers()['content-encoding'] ?? 'identity',
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await act();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('requestfinished', onFinished);
  return files.sort((a, b) => b.bytes - a.bytes);
}

export async function benchMonitoringCharts(): Promise<ChartsTransfer> {
  const server = await startConsole();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, server.url);
    // An account and an instance through the API (the page's own fetch, so the session cookies land in the browser).
    await page.goto('/login');
    const instanceId = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const signup = await fetch('/api/signup', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ fullname: 'Bench', organizationName: 'Bench Co', email: 'charts@example.com', password: 'Bench!Passw0rd' }),
      });
      const { jwt } = (await signup.json()).data as { jwt: string };
      const created = await fetch('/api/managed-saas/instances', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${jwt}`, 'idempotency-key': 'bench-charts' },
        body: JSON.stringify({ name: 'Charts', provider: 'aws', region: 'us-east-1', size: 'small', url: 'bench-charts' }),
      });
      return ((await created.json()).data as { instanceId: string }).instanceId;
    });
    await page.goto(`/instances/${instanceId}`);
    await page.getByRole('tab', { name: 'Events' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = await codeReceivedDuring(page, async () => {
      await page.getByRole('tab', { name: 'Monitoring' }).click();
      await page
        .getByRole('radiogroup', { name: 'Time range' })
        .or(page.getByRole('heading', { name: 'CPU', exact: true }))
        .first()
        .waitFor();
    });
    return { files, totalBytes: files.reduce((s, f) => s + f.bytes, 0), gzipBytes: files.reduce((s, f) => s + gzipSize(f.path), 0) };
  } finally {
    await browser.close();
    await server.stop();
    server.dispose();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function chartsTransferReport(r: ChartsTransfer): string[] {
  return [
    `details route's code added by the monitoring charts: ${kB(r.gzipBytes)} gzip (target ≤ ${kB(CHARTS_TARGET_BYTES)}); ${kB(r.totalBytes)} as chromium received it in ${r.files.length} responses`,
    ...r.files.map((f) => `  ${kB(f.bytes).padStart(9)}  ${f.encoding.padEnd(8)} ${f.type.padEnd(10)} ${f.path}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of chartsTransferReport(await benchMonitoringCharts())) console.log(line);
}
