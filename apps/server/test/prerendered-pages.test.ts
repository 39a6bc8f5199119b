import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { SESSION_HINT_COOKIE } from '@replay/contracts';
import { fitsPattern } from '../src/plugins/web';
import { createTestApp, type TestApp } from './support/app';

/**
 * The public screens' prerendered pages (apps/web/prerender-pages.ts writes
 * dist/prerendered/<screen>.html): sent for a visit they fit; the signed-in copy of
 * index.html (dist/signed-in.html) for a visit with a session hint; index.html otherwise.
 */
const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
const INDEX = '<!doctype html><html><body><div id="root"><p>Loading…</p></div></body></html>';
const SIGNED_IN = '<!doctype html><html><head><link rel="modulepreload" href="/assets/ConsoleShell-A.js"></head><body><div id="root"><p>Loading…</p></div></body></html>';
const LOGIN = '<!doctype html><html><body><div id="root" data-prerendered="/login"><main><h1>Login to your account</h1></main></div></body></html>';

mkdirSync(join(web, 'prerendered'));
writeFileSync(join(web, 'index.html'), INDEX);
writeFileSync(join(web, 'signed-in.html'), SIGNED_IN);
const INSTANCES = SIGNED_IN.replace('ConsoleShell-A.js', 'ConsoleShell-A.js"><link rel="modulepreload" href="/assets/InstancesPage-B.js');
const DETAILS = SIGNED_IN.replace('ConsoleShell-A.js', 'ConsoleShell-A.js"><link rel="modulepreload" href="/assets/InstanceDetailsPage-C.js');
mkdirSync(join(web, 'signed-in'));
writeFileSync(join(web, 'signed-in', 'InstancesPage.html'), INSTANCES);
writeFileSync(join(web, 'signed-in', 'InstanceDetailsPage.html'), DETAILS);
writeFileSync(
  join(web, 'signed-in', 'screens.json'),
  JSON.stringify([
    { pattern: '/instances/create', page: 'signed-in/Missing.html' },
    { pattern: '/instances', page: 'signed-in/InstancesPage.html' },
    { pattern: '/instances/:instanceId', page: 'signed-in/InstanceDetailsPage.html' },
  ]),
);
writeFileSync(join(web, 'prerendered', 'login.html'), LOGIN);
writeFileSync(join(web, 'prerendered', 'login.html.br'), brotliCompressSync(LOGIN));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('prerendered public screens', () => {
  it('sends the prerendered page to a visit without a session hint or query, compressed when asked', async () => {
    const plain = await get('/login');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(LOGIN);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(String(plain.headers.vary)).toMatch(/cookie/i);
    const br = await get('/login', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LOGIN);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers.vary)).toMatch(/cookie/i);
  });

  it('sends a visit with a session hint its screen’s signed-in page, else the shell’s, whatever its path', async () => {
    for (const [url, page] of [
      ['/instances', INSTANCES],
      ['/Instances/?page=2', INSTANCES],
      ['/instances/abc?tab=monitoring', DETAILS],
      // Listed, but the build wrote no such page: the shell's will do.
      ['/instances/create', SIGNED_IN],
      ['/instances/abc/more', SIGNED_IN],
      ['/login', SIGNED_IN],
      ['/invitation?token=x', SIGNED_IN],
    ] as const) {
      const res = await get(url, { cookie: `other=2; ${SESSION_HINT_COOKIE}=1` });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('fits paths to the web app’s address patterns', () => {
    expect(fitsPattern('/instances/:instanceId', '/instances/abc')).toBe(true);
    expect(fitsPattern('/instances/:instanceId', '/instances')).toBe(false);
    expect(fitsPattern('/instances/:instanceId', '/instances/abc/def')).toBe(false);
    expect(fitsPattern('/account/*', '/account')).toBe(true);
    expect(fitsPattern('/account/*', '/account/profile/x')).toBe(true);
    expect(fitsPattern('/account/*', '/accounts')).toBe(false);
    expect(fitsPattern('/client/audit', '/client/audit/')).toBe(true);
    expect(fitsPattern('/client/audit', '/client')).toBe(false);
  });

  it('sends index.html when the screen would differ and there is no session hint: a query, or no prerendered copy', async () => {
    for (const [url, headers] of [
      ['/login?jwt=abc', {}],
      ['/login?iframe=true', {}],
      ['/signup', {}],
      ['/instances', {}],
      ['/prerendered', {}],
      ['/LOGIN', {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toBe(INDEX);
    }
  });

  it('a session hint cookie of another value, or another cookie of that name prefix, still gets the prerendered page', async () => {
    for (const cookie of [`${SESSION_HINT_COOKIE}=0`, `x${SESSION_HINT_COOKIE}=1`]) {
      expect((await get('/login', { cookie })).body, cookie).toBe(LOGIN);
    }
  });
});
