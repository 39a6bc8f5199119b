import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@replay/contracts';
import { api, createQueryKeys } from '../../lib/api';

export const publicConfigKeys = createQueryKeys('public-config');

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api.get('/public-config', publicConfigSchema, { auth: 'none' });
}

/** Product name, support and legal links, captcha key: read once, kept for the page's life. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKeys.detail('current'),
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
  });
}
