import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TRACKER_SCRIPT_PATH, readsTracker, trackerScriptPathOf, trackerTarballPathOf } from '@replay/agent-protocol/plain';
import { HttpError } from '../http.ts';
import type { AgentState, Handler } from '../state.ts';

/**
 * The tracker this agent ships (packages/tracker, built by `npm run build` into its dist/),
 * served at its versioned addresses: the browser script and the npm tarball. An instance serves
 * the one build it has, and only when its product version reads that tracker's events
 * (agent-protocol's compatibility table); any other version is a 404. The versioned files never
 * change, so they are cached for a year; TRACKER_SCRIPT_PATH serves the same script under a short
 * cache, for pages (the console's own recorder) that always take the instance's current one.
 */
const TRACKER_DIR = new URL('../../../../packages/tracker/', import.meta.url);
const YEAR = 'public, max-age=31536000, immutable';

/** The build's version, from the package it was built from. */
export const SHIPPED_TRACKER: string = (JSON.parse(readFileSync(new URL('package.json', TRACKER_DIR), 'utf8')) as { version: string }).version;

const files = new Map<string, Buffer>();

/** A built file, read once; 503 when the tracker was not built (a checkout without `npm run build`). */
function built(name: string): Buffer {
  let file = files.get(name);
  if (!file) {
    try {
      file = readFileSync(fileURLToPath(new URL(`dist/${name}`, TRACKER_DIR)));
    } catch {
      throw new HttpError(503, 'The tracker is not built on this instance: run npm run build');
    }
    files.set(name, file);
  }
  return file;
}

function serve(name: string, type: string, cache: string): Handler {
  return (_req, res, _url, state: AgentState) => {
    if (!readsTracker(state.settings.version, SHIPPED_TRACKER)) throw new HttpError(404, `Tracker ${SHIPPED_TRACKER} is not served by version ${state.settings.version}`);
    const body = built(name);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': body.length,
      // Loaded by other sites' pages: a script tag needs no CORS, but a cross-origin resource policy would block it.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': cache,
    });
    res.end(body);
  };
}

export const trackerAssetRoutes: Record<string, Handler> = {
  [`GET ${trackerScriptPathOf(SHIPPED_TRACKER)}`]: serve('tracker.js', 'text/javascript; charset=utf-8', YEAR),
  [`GET ${trackerTarballPathOf(SHIPPED_TRACKER)}`]: serve('tracker.tgz', 'application/gzip', YEAR),
  [`GET ${TRACKER_SCRIPT_PATH}`]: serve('tracker.js', 'text/javascript; charset=utf-8', 'public, max-age=300'),
};
