import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { TIMINGS_MS } from '@replay/contracts';
import { instanceKeys, instancesApi } from '../api';

export interface UrlAvailability {
  /** A check of the URL as typed is pending (debounce or request). */
  checking: boolean;
  /** The server said the URL as typed is not available. */
  taken: boolean;
  available: boolean;
}

/**
 * Asks the server whether the URL is free (GET …/validate-domain) once typing
 * pauses for 500 ms. An answer counts only for the URL it was asked about, so
 * a stale 'taken' never shows against newer text.
 */
export function useUrlAvailability(url: string): UrlAvailability {
  const [debounced] = useDebouncedValue(url, TIMINGS_MS.searchDebounce);
  const settled = debounced === url;
  const { data, isFetching } = useQuery({
    queryKey: instanceKeys.domain(debounced),
    queryFn: ({ signal }) => instancesApi.validateDomain(debounced, signal),
    enabled: debounced !== '',
    // Availability changes as others create instances: a few seconds of reuse at most.
    staleTime: 5_000,
    retry: false,
  });
  const answered = settled && debounced !== '' && data !== undefined;
  return {
    checking: url !== '' && (!settled || isFetching),
    taken: answered && !data.valid,
    available: answered && data.valid,
  };
}
