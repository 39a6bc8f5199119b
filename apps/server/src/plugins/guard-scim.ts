import type { FastifyRequest } from 'fastify';
import { SCIM_AUDIT_NAME, SCIM_MESSAGES } from '@replay/contracts';
import { unauthorized } from '../lib/errors';
import { loadScimCaller, type ScimCaller } from '../lib/scim-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account a SCIM call acts for (guard 'scim'); null on every other route. */
    scim: ScimCaller | null;
  }
}

/** The account of a SCIM call; only call from a route whose guard is 'scim'. */
export function scimCallerOf(request: { scim: ScimCaller | null }): ScimCaller {
  if (!request.scim) throw unauthorized(SCIM_MESSAGES.invalidToken);
  return request.scim;
}

/**
 * A SCIM call (guard 'scim'): the Bearer token must be a live SCIM token of some account; the
 * call then acts for that account only (another account's ids are 404 like unknown ones). No
 * member's session or API key is a SCIM token, and a SCIM token opens no other route. The
 * trail names the token as the call's actor, refused input included.
 */
export async function admitScim(request: FastifyRequest, token: string | null): Promise<void> {
  const { ctx } = request.server;
  const caller = token ? await loadScimCaller(ctx.db, token, ctx.clock.now()) : null;
  if (!caller) throw unauthorized(SCIM_MESSAGES.invalidToken);
  request.scim = caller;
  request.auditActor = { userId: null, tenantId: caller.tenantId, name: SCIM_AUDIT_NAME, email: '' };
}
