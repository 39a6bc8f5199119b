import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, hasAnyPermission, type Endpoint, type Guard } from '@replay/contracts';
import { verifyAccessToken, type AccessClaims } from '../lib/access-token';
import { forbidden, passwordChangeRequired, sessionExpired, unauthorized } from '../lib/errors';
import { loadCaller, type Principal } from '../lib/principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /**
     * The handler reads the caller in the same statement as its data and
     * passes them to authorizeCaller: one database round trip instead of two,
     * for the busiest reads. The token is still checked before anything else.
     */
    callerReadWithData?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The verified token of a route whose handler reads the caller itself. */
    claims: AccessClaims | null;
  }
}


/** The signed-in caller; only call from a route whose guard is not 'public'. */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The verified token of a route with callerReadWithData. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}

/**
 * The one rule: no caller (gone, not joined) is 401; a caller who must change their password
 * first reaches only the calls marked for it (403 password_change_required); a caller without
 * the route's permission is 403.
 */
function authorize(principal: Principal | null, guard: Guard, endpoint: Endpoint | undefined): Principal {
  if (!principal) throw sessionExpired();
  if (principal.passwordChangeRequired && !endpoint?.duringPasswordChange) throw passwordChangeRequired();
  if (guard !== 'public' && guard !== 'authenticated' && !hasAnyPermission(principal.permissions, guard.anyOf)) throw forbidden();
  return principal;
}

/** For a handler with callerReadWithData: judges the caller it read exactly as the guard would have. */
export function authorizeCaller(request: FastifyRequest, principal: Principal | null): Principal {
  const guard = request.routeOptions.config.guard;
  if (!guard) throw new Error(`Route ${request.routeOptions.url} declares no guard.`);
  return (request.principal = authorize(principal, guard, request.routeOptions.config.endpoint));
}

function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Every API route must say who may call it (config.guard); a route that does
 * not stops the server from starting. The caller is authenticated and their
 * rights read afresh from the database on every request, before the body is
 * even parsed: a stranger learns nothing from validation errors. A route with
 * callerReadWithData has its token checked here and its caller read and
 * judged by the same rule in its handler's own statement, so a signed-in
 * caller (never a stranger) may see a 400 there before a 401 or 403.
 */
export const guardPlugin = fp(async (app) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('claims', null);

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
    if (!claims) throw sessionExpired();
    if (request.routeOptions.config.callerReadWithData) {
      request.claims = claims;
      return;
    }
    request.principal = authorize(await loadCaller(ctx.db, claims), guard, request.routeOptions.config.endpoint);
  });
});
