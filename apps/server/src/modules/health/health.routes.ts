import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';

/** The load balancer's check: answers only when the database does. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const check = async () => {
    await app.ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: 'ok' as const };
  };
  mount(app, endpoints.health, check);
  mount(app, endpoints.healthz, check);
};
