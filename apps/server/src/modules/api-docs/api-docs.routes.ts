import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openApiDocument } from '@replay/contracts/openapi';

/**
 * The API's documentation: the OpenAPI 3.1 document (generated from the endpoint table once,
 * on first ask, and kept as text) at a stable address for programs, and a page for people
 * that Redoc renders from it, with Redoc's own bundle served from here (no CDN).
 *
 * - GET /api/docs/openapi.json: the document.
 * - GET /api/docs: the page for a browser (Accept: text/html), the document for anyone else
 *   (what this address answered before the page existed).
 */

const require = createRequire(import.meta.url);
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/**
 * The page's own policy, in place of the API's "load nothing": its scripts from here only,
 * Redoc's styled-components write <style> elements (no script can come of CSS), its search
 * runs in a worker made from a blob; images from here or data: (the blank in place of Redoc's logo).
 */
export const DOCS_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Starts Redoc on the page's one element, from the document's stable address (a script file: the policy allows no inline one). */
const START_SCRIPT = `Redoc.init('/api/docs/openapi.json', { hideDownloadButton: false, expandResponses: '200,201', jsonSampleExpandLevel: 3, sortTagsAlphabetically: false }, document.getElementById('redoc'));\n`;

function pageHtml(title: string): string {
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escaped}</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This page needs JavaScript. The document itself is at <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="/api/docs/redoc.standalone.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;
}

function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Redoc's menu shows its maker's logo from their CDN, unconditionally: the page's policy would
 * refuse it (a CSP violation in every visitor's console), and the visit would tell a third party
 * who reads the docs. The bundle is served with a blank image in its place.
 */
export const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

async function readBundle(): Promise<Buffer> {
  return Buffer.from((await readFile(REDOC_BUNDLE, 'utf8')).replaceAll(REDOC_CDN_LOGO, BLANK_IMAGE));
}

/** A day: the bundle changes only with the redoc package, and a new release restarts the server. */
const BUNDLE_CACHE = 'public, max-age=86400';

export const apiDocsRoutes: FastifyPluginAsync = async (api) => {
  const { env } = api.ctx;
  const title = `${env.PRODUCT_NAME} Console API`;
  let documentText: string | undefined;
  let bundle: Buffer | undefined;
  const documentOnce = () => (documentText ??= JSON.stringify(openApiDocument({ title, serverUrl: env.publicUrl })));
  const config = { guard: 'public' as const };

  const sendDocument = (reply: import('fastify').FastifyReply) => reply.type('application/json; charset=utf-8').send(documentOnce());

  api.get('/docs/openapi.json', { config }, async (_request, reply) => sendDocument(reply));

  api.get('/docs', { config }, async (request, reply) => {
    reply.header('vary', 'accept, accept-encoding');
    if (!wantsPage(request)) return sendDocument(reply);
    return reply.header('content-security-policy', DOCS_PAGE_POLICY).type('text/html; charset=utf-8').send(pageHtml(title));
  });

  api.get('/docs/redoc.standalone.js', { config }, async (_request, reply) => {
    bundle ??= await readBundle();
    return reply.header('cache-control', BUNDLE_CACHE).type('text/javascript; charset=utf-8').send(bundle);
  });

  api.get('/docs/start.js', { config }, async (_request, reply) => reply.header('cache-control', BUNDLE_CACHE).type('text/javascript; charset=utf-8').send(START_SCRIPT));
};
