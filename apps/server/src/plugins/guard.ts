import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_MESSAGES, API_PREFIX, type Guard } from '@replay/contracts';
import { decideAccess, openToKeys } from '../lib/access-decision';
import { verifyAccessToken, type AccessClaims } from '../lib/access-token';
import { hashApiKeySecret, isWellFormedApiKey, loadKeyCaller, looksLikeApiKey } from '../lib/api-key-principal';
import { addressAllowed, keyRateLimiter, type KeyRateLimiter, type RateHeaders } from '../lib/api-key-admission';
import type { CallerCredential } from '../lib/credential';
import { forbidden, mfaEnrolmentRequired, passwordChangeRequired, sessionExpired, unauthorized } from '../lib/errors';
import { loadCaller, type ApiKeyOfCaller, type Principal } from '../lib/principal';
import { keyUsagePlugin } from './key-usage';
import { admitOperator } from './guard-operator';
import { admitScim } from './guard-scim';

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
  interface FastifyInstance {
    keyRateLimiter: KeyRateLimiter;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The verified token of a route whose handler reads the caller itself. */
    claims: AccessClaims | null;
    /** The credential of a route whose handler reads the caller itself (a session's token or an API key). */
    credential: CallerCredential | null;
    /** An API key admitted past its address check: its use is written down after the answer (key-usage.ts). */
    keyUse: { key: ApiKeyOfCaller; address: string } | null;
    /** The rate-limit headers of an API key's answer. */
    rateHeaders: RateHeaders | null;
  }
}

/** The signed-in caller; only call from a route whose guard is not 'public'. */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The verified token of a route with callerReadWithData that only people call. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}

/** The credential of a route with callerReadWithData that API keys may call too. */
export function credentialOf(request: FastifyRequest): CallerCredential {
  if (!request.credential) throw unauthorized();
  return request.credential;
}

/**
 * An API key's own checks, before its permissions: the address (403, recorded in the
 * trail whatever the route, as the key), then its rate (429 with Retry-After).
 */
function admitKey(request: FastifyRequest, principal: Principal, key: ApiKeyOfCaller): void {
  request.auditActor = principal;
  if (!addressAllowed(key, request.ip)) {
    request.auditAlways = true;
    throw forbidden(API_KEY_MESSAGES.addressRefused);
  }
  request.keyUse = { key, address: request.ip };
  request.rateHeaders = request.server.keyRateLimiter.hit(key.id);
}

/**
 * The one rule: no caller (gone, not joined, a key unknown, expired or revoked) is 401; a
 * key is admitted by its address and rate, and reaches only routes open to keys; a caller
 * who must change their password first reaches only the calls marked for it (403
 * password_change_required); a caller without the route's permission is 403.
 */
function authorize(request: FastifyRequest, principal: Principal | null, viaKey: boolean): Principal {
  const { guard, endpoint } = request.routeOptions.config;
  if (!guard) throw new Error(`Route ${request.routeOptions.url} declares no guard.`);
  if (!principal) throw viaKey ? unauthorized(API_KEY_MESSAGES.invalidKey) : sessionExpired();
  if (principal.apiKey) admitKey(request, principal, principal.apiKey);
  // The decision the permission viewer shows too (lib/access-decision.ts); the instance scope is the route's own 404.
  const decision = decideAccess(principal, { guard, peopleOnly: endpoint?.peopleOnly, duringPasswordChange: endpoint?.duringPasswordChange, duringMfaEnrolment: endpoint?.duringMfaEnrolment });
  if (decision.reason === 'people_only') throw forbidden(API_KEY_MESSAGES.keysOnlyForPeople);
  if (decision.reason === 'password_change_required') throw passwordChangeRequired();
  if (decision.reason === 'mfa_enrolment_required') throw mfaEnrolmentRequired();
  if (!decision.allowed) throw forbidden();
  return principal;
}

/** For a handler with callerReadWithData: judges the caller it read exactly as the guard would have. */
export function authorizeCaller(request: FastifyRequest, principal: Principal | null): Principal {
  return (request.principal = authorize(request, principal, request.credential?.kind === 'key'));
}

/** The token of an `Authorization: Bearer …` header (a session's access token or an API key), or null. */
export function bearer(header: string | undefined): string | null {
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
 * An API key (`rck_…`) is read by the digest of its secret, with its role
 * in place of a person's, in the same one statement (lib/api-key-principal.ts).
 */
export const guardPlugin = fp(async (app) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('credential', null);
  app.decorateRequest('keyUse', null);
  app.decorateRequest('rateHeaders', null);
  app.decorateRequest('scim', null);
  app.decorate(
    'keyRateLimiter',
    keyRateLimiter(app.ctx.env.API_KEY_RATE_LIMIT_PER_MINUTE, () => app.ctx.clock.now().getTime()),
  );
  await app.register(keyUsagePlugin);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    if (!route.config?.guard) {
      throw new Error(`Route ${route.method} ${route.url} declares no guard (public, authenticated, operator, scim or a permission).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const { guard, endpoint, callerReadWithData } = request.routeOptions.config;
    if (!guard || guard === 'public') return;
    const token = bearer(request.headers.authorization);
    if (guard === 'operator') return admitOperator(token, app.ctx.env.OPERATOR_TOKEN);
    if (guard === 'scim') return admitScim(request, token);
    if (!token) throw unauthorized();
    const { ctx } = app;
    if (looksLikeApiKey(token)) {
      if (!isWellFormedApiKey(token)) throw unauthorized(API_KEY_MESSAGES.invalidKey);
      const keyHash = hashApiKeySecret(token);
      const at = ctx.clock.now();
      request.credential = { kind: 'key', keyHash, at };
      if (callerReadWithData && openToKeys({ guard, peopleOnly: endpoint?.peopleOnly })) return;
      request.principal = authorize(request, await loadKeyCaller(ctx.db, keyHash, at), true);
      return;
    }
    const claims = await verifyAccessToken(token, ctx.secrets.jwtSecret, ctx.clock.now());
    if (!claims) throw sessionExpired();
    if (callerReadWithData) {
      request.claims = claims;
      request.credential = { kind: 'session', claims };
      return;
    }
    request.principal = authorize(request, await loadCaller(ctx.db, claims), false);
  });

  // A key's answers carry its rate-limit headers (a 429 has them from its error already).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.rateHeaders) reply.headers(request.rateHeaders);
    done(null, payload);
  });
});
