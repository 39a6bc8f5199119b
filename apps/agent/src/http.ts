import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { AGENT_EXPOSED_HEADERS, INGEST_CORS } from '@replay/agent-protocol/plain';

export class HttpError extends Error {
  readonly status: number;
  /** Sent with the error's answer, such as a 429's Retry-After. */
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    // Nothing about the instance leaves for other sites; same-origin rather than no-referrer because
    // under no-referrer browsers send `Origin: null` on the pages' own form posts, which fromOwnPage refuses.
    'Referrer-Policy': 'same-origin',
    ...headers,
  });
  res.end(html);
}

/**
 * Sets the CORS answer for a request from `origin` when the list allows it;
 * returns whether it did. '*' in the list allows any origin. Credentials are
 * never allowed: nothing cross-origin may ride on the session cookie.
 */
export function applyCors(res: ServerResponse, origin: string | undefined, allowed: readonly string[]): boolean {
  res.setHeader('Vary', 'Origin');
  if (!origin || !(allowed.includes('*') || allowed.includes(origin))) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', AGENT_EXPOSED_HEADERS);
  return true;
}

/** A preflight's answer: the route's `methods` (the spec's POST for ingest) with the spec's request headers, or 403. */
export function answerPreflight(res: ServerResponse, allowed: boolean, methods: string): void {
  if (allowed) {
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', INGEST_CORS.allowHeaders);
    res.setHeader('Access-Control-Max-Age', '600');
  }
  res.writeHead(allowed ? 204 : 403).end();
}

/** The body size a request declares, so an oversized one is refused before it is read; 0 when it declares none. */
function declaredLength(req: IncomingMessage): number {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) ? length : 0;
}

/** The body as sent, refused (413) once it passes `limit` bytes: never held whole beyond that. */
export async function readBody(req: IncomingMessage, limit: number, what = 'Body'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `${what} larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The JSON body, gunzipped when the tracker compressed it; refused (413) above `limit` bytes, as sent or once unpacked. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Expected Content-Type: application/json');
  if (declaredLength(req) > limit) throw new HttpError(413, `Body larger than ${limit} bytes`);
  let raw = await readBody(req, limit);
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'gzip') {
    try {
      raw = gunzipSync(raw, { maxOutputLength: limit });
    } catch (e) {
      // A small gzip body can unpack to gigabytes: past the limit it is as oversized as a large body.
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new HttpError(413, `Body larger than ${limit} bytes once unpacked`);
      throw new HttpError(400, 'Body is not valid gzip');
    }
  } else if (encoding !== 'identity') {
    throw new HttpError(415, `Unsupported Content-Encoding: ${encoding}`);
  }
  try {
    return JSON.parse(raw.toString('utf8') || 'null');
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

export function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The cookie `name`, percent-decoded; null when absent, and when its value is not valid
 * percent-encoding: the browser's copy of a cookie is anyone's to edit, and a value that
 * cannot be decoded is no cookie of ours (never a 500).
 */
export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
  }
  return null;
}
