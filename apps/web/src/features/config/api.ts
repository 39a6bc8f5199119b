import { useQuery } from '@tanstack/react-query';
import { systemEndpoints, type PublicConfig } from '@replay/contracts';
import { call, createQueryKeys } from '../../lib/api';
import { useHydrated } from '../../lib/use-hydrated';

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

/**
 * The public config as a screen may show it. A prerendered screen's HTML was made without it
 * (prerender.tsx), so while React hydrates that HTML this answers "not yet", whenever the
 * answer really landed: a component high in the tree (the session recorder) may have asked for
 * it already, and a Suspense boundary below hydrates later. The render right after hydration
 * shows it. Screens the app renders itself are never hydrating, and see it at once.
 */
export function usePublicConfig(): { data: PublicConfig | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(publicConfigQuery);
  return useHydrated() ? { data, isPending } : { data: undefined, isPending: true };
}
