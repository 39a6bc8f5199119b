/**
 * What the browser really loads for /login: every script and stylesheet
 * response while chromium opens the page, gzipped at level 9 and summed.
 * Needs a built web app (`npm run build`). Target ≤ 200 kB.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startConsole } from '../e2e/support/server';

export async function benchLoginBundle(): Promise<{ files: { url: string; gzip: number }[]; totalGzip: number }> {
  const server = await startConsole();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, server.url);
    const files: { url: string; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        res.body().then((body) => {
          files.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await Promise.all(pending);
    files.sort((a, b) => b.gzip - a.gzip);
    return { files, totalGzip: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    await browser.close();
    await server.stop();
    server.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchLoginBundle();
  for (const f of r.files) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(7)} kB  ${f.url}`);
  console.log(`JS+CSS loaded for /login: ${(r.totalGzip / 1024).toFixed(1)} kB gzip (target ≤ 200 kB)`);
}
