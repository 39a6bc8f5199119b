import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/**
 * A customer's site for the tracker journeys: a tiny HTTP server on a port of its own (another
 * origin than the instance's), serving the pages a test gives it, by path.
 */
export interface Site {
  url: string;
  pages: Map<string, { type: string; body: string }>;
  stop(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const pages = new Map<string, { type: string; body: string }>();
  const server: Server = createServer((req, res) => {
    const page = pages.get(new URL(req.url ?? '/', 'http://site.invalid').pathname);
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': page.type, 'Cache-Control': 'no-store' }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pages,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html = (head: string, body: string) => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>${head}</head><body>${body}</body></html>`,
});

/** Every byte the agent wrote under its data folder, each file after its path, as one text (the privacy checks scan all of it). */
export function storedBytes(dataDir: string): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path, readFileSync(path, 'latin1')];
    });
  return walk(dataDir).join('\n');
}

export interface SentBatch {
  encoding: string | undefined;
  body: { sessionId: string; events: { type: number; data?: Record<string, unknown> }[]; userId?: string; metadata?: Record<string, string>; dropped?: number; url?: string };
}

/** A batch request to the instance's ingest, unpacked as the agent would read it; null for any other request. */
export function unpackBatch(request: Request, ingestUrl: string): SentBatch | null {
  if (request.method() !== 'POST' || request.url() !== ingestUrl) return null;
  const raw = request.postDataBuffer();
  if (!raw) return null;
  const encoding = request.headers()['content-encoding'];
  return { encoding, body: JSON.parse((encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as SentBatch['body'] };
}

/** The batches a page sends to the instance's ingest, unpacked as the agent would read them. */
export function watchBatches(page: Page, ingestUrl: string): SentBatch[] {
  const sent: SentBatch[] = [];
  page.on('request', (request: Request) => {
    const batch = unpackBatch(request, ingestUrl);
    if (batch) sent.push(batch);
  });
  return sent;
}
