import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes';

/** Every API module, mounted under /api in this order. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes];
