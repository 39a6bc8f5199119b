import { z } from 'zod';
import { publicConfigSchema } from '../public-config';
import { endpoint } from '../endpoint';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** What a load balancer and the SPA read before anyone signs in. */
export const systemEndpoints = {
  health: endpoint({ method: 'GET', path: '/health', guard: 'public', response: healthSchema }),
  /** The same check under the name Kubernetes probes use. */
  healthz: endpoint({ method: 'GET', path: '/healthz', guard: 'public', response: healthSchema }),
  publicConfig: endpoint({ method: 'GET', path: '/public-config', guard: 'public', response: publicConfigSchema }),
} as const;
