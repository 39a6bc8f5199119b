import { useQuery } from '@tanstack/react-query';
import { systemEndpoints, type PublicConfig } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';

export const publicConfigKeys = createQueryKeys('public-config');

export function fetchPublicConfig(): Promise<PublicConfig> {
  return call(systemEndpoints.publicConfig, {});
}

/** Product name, support and legal links, captcha key: read once, kept for the page's life. */
export const publicConfigQuery = {
  queryKey: publicConfigKeys.detail('current'),
  queryFn: fetchPublicConfig,
  staleTime: Infinity,
};

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
