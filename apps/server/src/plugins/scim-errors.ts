import type { FastifyReply } from 'fastify';
import { SCIM_MEDIA_TYPE, SCIM_SCHEMAS, type ErrorBody, type ScimType } from '@replay/contracts';

/** The scimType an AppError carries when a SCIM rule refused the call (lib/errors.ts's `scimType`). */
export const SCIM_TYPE_HEADER = 'x-scim-type';

/**
 * An error answer of a SCIM call, in both wires at once: SCIM's `schemas`, `status` (text),
 * `scimType` and `detail` for identity providers, beside the console's `errors` and `code` (so
 * the generated suites and the CLI read it as any other). The scimType rides on the reply
 * from the service that chose it (a header the answer does not keep); a refused input is
 * `invalidValue`.
 */
export function scimErrorBody(reply: FastifyReply, payload: unknown): unknown {
  const body = payload as Partial<ErrorBody> | null;
  if (!body || typeof body !== 'object' || !Array.isArray(body.errors)) return payload;
  const chosen = reply.getHeader(SCIM_TYPE_HEADER) as ScimType | undefined;
  reply.removeHeader(SCIM_TYPE_HEADER);
  const scimType = chosen ?? (body.code === 'validation_failed' ? 'invalidValue' : body.code === 'conflict' ? 'uniqueness' : undefined);
  reply.type(SCIM_MEDIA_TYPE);
  return { schemas: [SCIM_SCHEMAS.error], status: String(reply.statusCode), ...(scimType && { scimType }), detail: body.errors.join(' '), ...body };
}
