import { endpoints, type CorsConfigBody } from '@replay/contracts';
import { call } from '../../../lib/api';

/** The CORS tab's calls (spec section 7's `GET and POST …/config`, and the origin check). */
export const corsKeys = {
  config: (id: string) => ['instance-config', id] as const,
};

const about = (id: string) => ({ params: { id } });

export const corsApi = {
  config: (id: string, signal?: AbortSignal) => call(endpoints.instanceConfig, about(id), { signal }),
  save: (id: string, body: CorsConfigBody) => call(endpoints.saveInstanceConfig, { ...about(id), body }),
  check: (id: string, origin: string) => call(endpoints.corsCheck, { ...about(id), body: { origin } }),
};
