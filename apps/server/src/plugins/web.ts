import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, SESSION_HINT_COOKIE, type ErrorBody } from '@replay/contracts';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** A path with a prerendered page (apps/web/prerender-pages.ts) can only be one of these. */
const SCREEN_PATH = /^\/[a-z-]+$/;
const SESSION_HINT = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`);

/** index.html with the console shell's files announced in its head (apps/web/prerender-pages.ts). */
const SIGNED_IN_PAGE = 'signed-in.html';
/** Which signed-in page, with the screen's own files announced too, each address pattern gets. */
const SCREENS_INDEX = 'signed-in/screens.json';

/**
 * Whether a path fits an address pattern as the web app writes them (`/instances/:id`,
 * `/account/*`): `:name` takes one segment, a final `*` the rest; case aside, like the app's router.
 */
export function fitsPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  for (const [i, part] of want.entries()) {
    if (part === '*') return true;
    const segment = have[i];
    if (segment === undefined || (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase())) return false;
  }
  return have.length === want.length;
}

/** The signed-in page for a path: its screen's when the build has one, else the shell's. Read per visit, as the files are. */
function signedInPage(root: string, path: string): string | undefined {
  try {
    const screens = JSON.parse(readFileSync(`${root}/${SCREENS_INDEX}`, 'utf8')) as { pattern: string; page: string }[];
    const page = screens.find((screen) => fitsPattern(screen.pattern, path))?.page;
    if (page && existsSync(`${root}/${page}`)) return page;
  } catch {
    // A build without per-screen pages: the shell's page will do.
  }
  return undefined;
}

/**
 * A visit with a session hint gets a signed-in copy of index.html, whose head fetches the
 * console shell and the address's screen along with the app (a signed-in screen is on its way). A visit without one
 * gets the prerendered copy of a public screen (dist/prerendered/<screen>.html) when it fits:
 * no query (a handed-over token or a reset link changes the screen); else the plain
 * index.html, which loads no signed-in code. The app renders either itself; it hydrates a
 * prerendered page only when it fits as well.
 */
function pageFor(root: string, path: string, request: FastifyRequest): string {
  const existing = (page: string) => (existsSync(`${root}/${page}`) ? page : 'index.html');
  if (SESSION_HINT.test(request.headers.cookie ?? '')) return signedInPage(root, path) ?? existing(SIGNED_IN_PAGE);
  if (request.url.includes('?') || !SCREEN_PATH.test(path)) return 'index.html';
  return existing(`prerendered${path}.html`);
}

/**
 * Serves the built SPA; any path that is not an API call or a file gets
 * index.html so that client routes survive a reload. Files are looked up
 * on each request (wildcard), so a rebuild is served without a restart.
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file
 * (apps/web/vite-precompress.ts): the copy the request's Accept-Encoding
 * prefers is sent (br, then gzip, else the file), index.html included, with
 * `Vary: accept-encoding` on every file; nothing is compressed per request. A public
 * screen goes prerendered when the visit fits (pageFor).
 */
export const webPlugin = fp(async (app) => {
  const root = app.ctx.env.WEB_DIST ?? defaultDist;
  const built = existsSync(`${root}/index.html`);
  if (built) {
    // An /api path that no API route matched (a parameter too long for the router, say)
    // falls to the files' wildcard: there it is the API's 404, never a file lookup. A hook
    // of that one route, so the API's own routes pay nothing for it.
    app.addHook('onRoute', (route) => {
      if (route.url !== '/*') return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [(request, reply, done) => (request.url.startsWith(`${API_PREFIX}/`) ? reply.callNotFound() : done()), ...own];
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      cacheControl: false,
      index: 'index.html',
      preCompressed: true,
      // Vite names assets by content hash: they never change under one name.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing file (it has an extension) is a 404, not the app: a stale chunk
    // must fail as a chunk, never be parsed as HTML.
    if (path.startsWith(API_PREFIX) || request.method !== 'GET' || /\.\w+$/.test(path)) {
      return reply.status(404).send({ errors: [`No route ${request.method} ${path}.`], code: 'not_found' } satisfies ErrorBody);
    }
    if (!built) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    // The page depends on the session hint cookie: a cache must not give one visit's to another.
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .sendFile(pageFor(root, path, request));
  });
});
