import fp from 'fastify-plugin';
import { API_PREFIX, hasAnyPermission, type Guard } from '@replay/contracts';
import { verifyAccessToken } from '../lib/access-token';
import { forbidden, unauthorized } from '../lib/errors';
import { loadPrincipal, type Principal } from '../lib/principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The signed-in caller; only call from a route whose guard is not 'public'. */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Every API route must say who may call it (config.guard); a route that does
 * not stops the server from starting. The caller is authenticated and their
 * rights read afresh from the database on every request, before the body is
 * even parsed: a stranger learns nothing from validation errors.
 */
export const guardPlugin = fp(async (app) => {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    if (!route.config?.guard) {
      throw new Error(`Route ${route.method} ${route.url} declares no guard (public, authenticated or a permission).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const guard = request.routeOptions.config.guard;
    if (!guard || guard === 'public') return;
    const token = bearer(request.headers.authorization);
    if (!token) throw unauthorized();
    const { ctx } = app;
    const claims = await verifyAccessToken(token, ctx.secrets.jwtSecret, ctx.clock.now());
    if (!claims) throw unauthorized('Your session has expired. Please log in again.');
    const principal = await loadPrincipal(ctx.db, claims.userId, claims.tenantId);
    if (!principal) throw unauthorized('Your session has expired. Please log in again.');
    request.principal = principal;
    if (guard !== 'authenticated' && !hasAnyPermission(principal.permissions, guard.anyOf)) throw forbidden();
  });
});
