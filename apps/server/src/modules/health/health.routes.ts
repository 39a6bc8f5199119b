import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataOf } from '@replay/contracts';

const healthSchema = dataOf(z.object({ status: z.literal('ok'), database: z.literal('ok') }));

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of ['/health', '/healthz']) {
    app.get(url, { config: { guard: 'public' }, schema: { response: { 200: healthSchema } } }, async () => {
      await app.ctx.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    });
  }
};
