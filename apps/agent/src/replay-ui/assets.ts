import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../http.ts';
import type { Handler } from '../state.ts';

/**
 * The replay screen's built script and styles (scripts/build-replay-ui.mjs), served at addresses
 * named by a hash of their bytes: a page always loads the bundle it was rendered with, and the
 * browser may keep each for a year (immutable). Read once, when a replay page first asks; an agent
 * whose bundle was never built answers that page with a 503 that says how to build it.
 */

const DIST = fileURLToPath(new URL('../../dist/replay-ui/', import.meta.url));
export const ASSET_PREFIX = '/replay-ui/';
const ASSET = /^\/replay-ui\/([0-9a-f]{16})\/player\.(js|css)$/;

interface Asset {
  bytes: Buffer;
  type: string;
  path: string;
}

let loaded: { js: Asset; css: Asset } | null = null;

function read(ext: 'js' | 'css', type: string): Asset {
  const bytes = readFileSync(`${DIST}player.${ext}`);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { bytes, type, path: `${ASSET_PREFIX}${hash}/player.${ext}` };
}

/** The bundle's two addresses, for the page to name. */
export function replayAssets(): { js: string; css: string } {
  if (!loaded) {
    try {
      loaded = { js: read('js', 'text/javascript; charset=utf-8'), css: read('css', 'text/css; charset=utf-8') };
    } catch {
      throw new HttpError(503, 'The replay player is not built on this instance: run npm run build -w apps/agent');
    }
  }
  return { js: loaded.js.path, css: loaded.css.path };
}

/** The handler for a bundle's address, or undefined for any other path. No sign-in: the code holds no one's data. */
export function assetRoute(method: string | undefined, pathname: string): Handler | undefined {
  if (method !== 'GET' || !ASSET.test(pathname)) return undefined;
  return (_req, res) => {
    replayAssets();
    const asset = [loaded!.js, loaded!.css].find((a) => a.path === pathname);
    if (!asset) throw new HttpError(404, 'No such bundle: the page that named it was rendered by another build');
    res.writeHead(200, {
      'Content-Type': asset.type,
      'Content-Length': asset.bytes.length,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(asset.bytes);
  };
}
