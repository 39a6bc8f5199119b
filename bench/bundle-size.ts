/**
 * What the browser really transfers for /login: every response chromium
 * receives while it opens the page (the document, scripts, styles, fonts,
 * images and the API calls the page makes), counted as chromium's network
 * layer saw it: the encoded body plus the response headers (Playwright's
 * `request.sizes()`). Compression therefore counts as the user gets it,
 * not as an estimate. Needs a built web app (`npm run build`).
 * Target ≤ 200 kB.
 */
import { launchBrowser, newPage } from '../e2e/support/browser';
import { startConsole } from '../e2e/support/server';

export interface TransferredFile {
  path: string;
  /** chromium's resource type: document, script, stylesheet, font, image, fetch… */
  type: string;
  /** The response's `content-encoding` (`identity` without one). */
  encoding: string;
  /** Encoded body bytes plus response header bytes, as received. */
  bytes: number;
}

export interface LoginTransfer {
  files: TransferredFile[];
  totalBytes: number;
  /** What chromium asked for, as sent with the document request. */
  acceptEncoding: string;
}

export const TARGET_BYTES = 200_000;

export async function benchLoginBundle(): Promise<LoginTransfer> {
  const server = await startConsole();
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser, server.url);
    const files: TransferredFile[] = [];
    let acceptEncoding = '';
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith('http')) return;
      pending.push(
        (async () => {
          const [sizes, response, sent] = await Promise.all([request.sizes(), request.response(), request.allHeaders()]);
          if (request.resourceType() === 'document') acceptEncoding = sent['accept-encoding'] ?? '';
          files.push({
            path: new URL(request.url()).pathname,
            type: request.resourceType(),
            encoding: response?.headers()['content-encoding'] ?? 'identity',
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          });
        })(),
      );
    });
    await page.goto('/login');
    // The form on screen, then quiet: a busy machine can be silent for 500 ms while it runs
    // the main script, before the app has made its own calls.
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    files.sort((a, b) => b.bytes - a.bytes);
    return { files, totalBytes: files.reduce((s, f) => s + f.bytes, 0), acceptEncoding };
  } finally {
    await browser.close();
    await server.stop();
    server.dispose();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The closing note's figures: the total against the target, then the largest responses. */
export function loginTransferReport(r: LoginTransfer, top = Infinity): string[] {
  return [
    `bytes transferred for /login: ${kB(r.totalBytes)} in ${r.files.length} responses (target ≤ ${kB(TARGET_BYTES)}); chromium asked for "${r.acceptEncoding}"`,
    ...r.files.slice(0, top).map((f) => `  ${kB(f.bytes).padStart(9)}  ${f.encoding.padEnd(8)} ${f.type.padEnd(10)} ${f.path}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of loginTransferReport(await benchLoginBundle())) console.log(line);
}
