import type { FastifyRequest } from 'fastify';
import type { AuditActor } from './audit.repo';

/*
 * What other modules' public routes use to name, for the audit trail, who a call concerns when
 * nobody was signed in (sign-in, reset, second factor): the route declares `auditActor` in its
 * config, and the trail's hook (audit.plugin.ts) calls it.
 */

/** Who a public call's credential belongs to; each takes the credential as sent (or nothing). */
export interface AuditActorLookups {
  byRefreshToken(token: string | null | undefined): Promise<AuditActor | null>;
  byResetToken(token: string | null | undefined): Promise<AuditActor | null>;
  byMfaToken(token: string | null | undefined): Promise<AuditActor | null>;
}

/**
 * A public route's way to name who a call concerns when the handler could not
 * (it failed, or signed someone out). Only a credential proves who called: a
 * failed login is not written into the account of the email tried (anyone may
 * type anyone's email, and a stranger must not write into, or fill, an
 * account's trail); the rate limits answer attempts instead.
 */
export type AuditActorOf = (request: FastifyRequest, find: AuditActorLookups) => Promise<AuditActor | null>;

/** A string field of a body that may not have passed validation (the trail runs for refused calls too). */
export function textField(body: unknown, key: string): string | null {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' && value.length <= 320 ? value : null;
}

/**
 * A change made by a call outside /api, which has no endpoint to label it: who made it (a
 * non-member actor, as a SCIM token is), what it was, and what the trail keeps of it in place of
 * the call's parameters (never the message itself, which may carry a token).
 */
export interface AuditEvent {
  actor: AuditActor;
  action: string;
  details: Record<string, unknown>;
}
