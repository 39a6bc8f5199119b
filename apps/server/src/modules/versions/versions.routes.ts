import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERSIONS, dataOf, guardFor, versionsSchema } from '@replay/contracts';

/** GET /managed-saas/versions: the product versions an instance can run, oldest first (the catalogue's list). */
export const versionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/managed-saas/versions',
    { config: { guard: guardFor('instances') }, schema: { response: { 200: dataOf(versionsSchema) } } },
    async () => ({ data: { versions: [...VERSIONS] } }),
  );
};
