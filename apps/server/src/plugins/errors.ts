import type { preSerializationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { INFRASTRUCTURE_UNAVAILABLE_MESSAGE, INTERNAL_ERROR_MESSAGE, genericCodeOf, statusOfCode, type ErrorBody } from '@replay/contracts';
import { AppError } from '../lib/errors';
import { DriverError } from '../infra/driver';
import { scimErrorBody } from './scim-errors';

const internal: ErrorBody = { errors: [INTERNAL_ERROR_MESSAGE], code: 'internal' };

type PreSerialization = preSerializationHookHandler<unknown>;

const scimErrors: PreSerialization = (_request, reply, payload, done) => done(null, reply.statusCode >= 400 ? scimErrorBody(reply, payload) : payload);

/** A route's own hooks of a kind, as a list (a route may give none, one, or several). */
const hooksOf = (given: PreSerialization | PreSerialization[] | undefined): PreSerialization[] => (given === undefined ? [] : Array.isArray(given) ? given : [given]);

/** Every failure leaves as `{ errors: [...], code }` with its code's status; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app) => {
  // A SCIM call's error also speaks SCIM (RFC 7644 section 3.12): its fields join the console's. Hooked
  // on the SCIM routes alone: as a global async hook it cost every other answer a promise (issue 42, point 23).
  app.addHook('onRoute', (route) => {
    if (route.config?.endpoint?.scim) route.preSerialization = [...hooksOf(route.preSerialization), scimErrors];
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ errors: error.messages, code: error.code } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set(error.validation.map((v) => v.message ?? 'Invalid request.'))];
      // A path names one thing; a path parameter no thing can have (a malformed id) names nothing,
      // so it is answered as an unknown one: 404 with the parameter schema's not-found words.
      // Fastify checks the path before body and query, so this holds whatever else was sent. A path
      // of several ids is answered for its first that names nothing, as a lookup of each in turn would.
      if (error.validationContext === 'params') return reply.status(404).send({ errors: messages.slice(0, 1), code: 'not_found' } satisfies ErrorBody);
      return reply.status(400).send({ errors: messages, code: 'validation_failed' } satisfies ErrorBody);
    }
    if (error instanceof DriverError && (error.code === 'unavailable' || error.code === 'forbidden')) {
      // The cluster's own words (its address, a missing RBAC permission) are for the operators, not the account's members.
      request.log.error({ err: error }, 'the infrastructure did not answer');
      return reply.status(503).send({ errors: [INFRASTRUCTURE_UNAVAILABLE_MESSAGE], code: 'infrastructure_unavailable' } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(internal);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(internal);
    }
    // Fastify's own client errors (bad JSON, body too large, media type) keep their status and
    // get its generic code; a client status the table does not know is sent as a plain 400.
    const code = genericCodeOf(status) ?? 'bad_request';
    return reply.status(statusOfCode(code)).send({ errors: [(error as Error).message], code } satisfies ErrorBody);
  });
});
