import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/plugins/compression';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup, signupBody, type SignedIn } from './support/auth';
import { addInstance, auditRowsOf } from './support/team';

/** A built SPA as `npm run build` writes it: each text file with its .br and .gz copy beside it. */
const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
const PAGE = `<!doctype html><html><head><title>Console</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word number ${i}`))};\n`;
/** A text file the build left without copies: it must go as it is, never compressed per request. */
const STYLE = `.a { color: red; }\n`.repeat(200);

function writeWithCopies(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text, { level: 9 }));
}

mkdirSync(join(web, 'assets'));
writeWithCopies(join(web, 'index.html'), PAGE);
writeWithCopies(join(web, 'assets', 'app-1a2b3c.js'), SCRIPT);
writeFileSync(join(web, 'assets', 'plain-4d5e6f.css'), STYLE);

const LIST = '/api/managed-saas/instances';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web });
  owner = await signup(t);
  for (let i = 0; i < 8; i += 1) await addInstance(t, owner.user.tenantId, `Instance ${i}`);
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

/** The body as the client reads it once it has undone the answer's content-encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

const varies = (res: LightMyRequestResponse) =>
  expect(
    String(res.headers.vary)
      .toLowerCase()
      .split(/\s*,\s*/),
  ).toContain('accept-encoding');

/** [what the browser asks for, the encoding it gets] */
const negotiations: [string | undefined, string | undefined][] = [
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip', 'gzip'],
  ['br;q=0.5, gzip', 'gzip'],
  ['identity', undefined],
  [undefined, undefined],
];

describe('the SPA’s files: the copy compressed at build time the request accepts', () => {
  it.each(negotiations)('an asset, for Accept-Encoding %j: %s', async (accept, encoding) => {
    const res = await get('/assets/app-1a2b3c.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    varies(res);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it.each(['/', '/login', '/account/profile'])('index.html at %s (a client route is the not-found handler’s file) comes compressed too, revalidated', async (url) => {
    for (const [accept, encoding] of negotiations) {
      const res = await get(url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      varies(res);
      expect(decoded(res)).toBe(PAGE);
    }
  });

  it('a file the build left without copies goes as it is: the server compresses no file per request', async () => {
    const res = await get('/assets/plain-4d5e6f.css', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    varies(res);
    expect(res.body).toBe(STYLE);
  });

  it('a compressed file keeps the page’s security headers', async () => {
    const res = await get('/', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a missing asset is still a 404, whatever the request accepts', async () => {
    const res = await get('/assets/gone-000000.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(decoded(res)).code).toBe('not_found');
  });
});

describe('API answers: compressed from COMPRESSION_THRESHOLD_BYTES on', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ])('a large answer (the instances list), for Accept-Encoding %j: %s, with the same body and headers', async (accept, encoding) => {
    const plain = await get(LIST, undefined, bearer(owner.jwt));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);

    const res = await get(LIST, accept, { ...bearer(owner.jwt), 'x-request-id': 'compressed-answer-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decoded(res)).toBe(plain.body);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    varies(res);
    expect(res.headers['x-request-id']).toBe('compressed-answer-1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it('a small answer goes as it is, still saying it depends on Accept-Encoding', async () => {
    const res = await get('/api/health', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    varies(res);
    expect(res.json().data).toBeTruthy();
  });

  it('an error answer keeps its status, code and headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'accept-encoding': 'br' }, payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decoded(res))).toMatchObject({ code: 'validation_failed' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a compressed answer of an audited call is recorded as usual, and sets its cookie', async () => {
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', headers: { 'accept-encoding': 'br', 'x-request-id': 'compressed-signup-1' }, payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(decoded(res));
    expect(answer.data.jwt).toEqual(expect.any(String));
    expect(res.cookies.some((c) => c.name === 'refresh_token')).toBe(true);
    const [entry] = await auditRowsOf(t, answer.data.user.tenantId);
    expect(entry).toMatchObject({ action: 'Sign up', status: 201, email: body.email, requestId: 'compressed-signup-1' });
  });

  it('a compressed request body is refused as before: nothing is decompressed on the way in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'whatever' })),
    });
    expect(res.statusCode).toBe(400);
  });
});
