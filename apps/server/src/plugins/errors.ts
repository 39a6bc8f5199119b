import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE } from '@replay/contracts';
import { AppError } from '../lib/errors';

/** Every failure leaves as `{ errors: [...] }` with a real status; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send({ errors: error.messages });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => v.message ?? 'Invalid request.');
      return reply.status(400).send({ errors: [...new Set(messages)] });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ errors: [INTERNAL_ERROR_MESSAGE] });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ errors: [INTERNAL_ERROR_MESSAGE] });
    }
    return reply.status(status).send({ errors: [(error as Error).message] });
  });

});
