import fp from 'fastify-plugin';
import type { Env } from '../config/env';
import { PROBE_PATHS } from '@replay/contracts';
import { AppError } from '../lib/errors';
import { LOOPBACK_HOST_NAMES, hostParts } from '../lib/this-machine';

export const MISDIRECTED_MESSAGE = 'This console does not answer to that host name. Open it at the address set as PUBLIC_URL.';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Which Host headers the console answers: the host of PUBLIC_URL (its port,
 * or none or the scheme's default one when PUBLIC_URL names none), and in
 * embedded mode also the loopback names on any port (a local console, the
 * Vite dev proxy, fastify.inject's `localhost:80`).
 */
export function hostMatcher(env: Pick<Env, 'publicUrl' | 'embedded'>): (host: string | undefined) => boolean {
  const publicUrl = new URL(env.publicUrl);
  const publicName = publicUrl.hostname.toLowerCase();
  const publicPorts = publicUrl.port ? [publicUrl.port] : [null, DEFAULT_PORTS[publicUrl.protocol] ?? null];
  return (host) => {
    const parts = hostParts(host);
    if (!parts) return false;
    if (env.embedded && LOOPBACK_HOST_NAMES.has(parts.name)) return true;
    return parts.name === publicName && publicPorts.includes(parts.port);
  };
}

/**
 * Refuses, before any route or guard runs, a request addressed to a host name
 * that is not the console's: a DNS-rebinding page (attacker.example resolved
 * to this server) would otherwise read same-origin answers, the outbox's
 * reset links among them. The Host header itself is checked, never
 * X-Forwarded-Host: a rebinding page is same-origin with its own name, so it
 * may set that header freely. Behind a proxy, the proxy must pass the
 * browser's Host on (nginx: `proxy_set_header Host $host`).
 */
export const hostAllowListPlugin = fp(async (app) => {
  const allowed = hostMatcher(app.ctx.env);
  // A callback hook: an async one costs a promise on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    done(allowed(request.raw.headers.host) || isProbe(request.method, request.raw.url) ? undefined : new AppError('misdirected', [MISDIRECTED_MESSAGE]));
  });
});

const PROBES: ReadonlySet<string> = new Set<string>(Object.values(PROBE_PATHS));

/**
 * The orchestrator's probes come by the process's own address (a kubelet asks `10.1.2.3:3000`),
 * never PUBLIC_URL's name. They answer nothing a rebinding page could use: liveness and readiness
 * say only ok or not, and the metrics ask for their token (or this machine's own socket and a loopback Host).
 */
function isProbe(method: string, url: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && url !== undefined && PROBES.has(url.split('?')[0]!);
}
