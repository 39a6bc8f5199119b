import { useQuery } from '@tanstack/react-query';
import type { Instance } from '@replay/contracts';
import { instanceKeys, instancesApi } from '../api';
import { HEALTHY, directCheckPassed, healthInterval, needsHealthCheck, proxyCheckResult, type HealthResult } from '../rules';

/** A direct check that has not answered in this time counts as failed, and the proxy check takes over. */
const DIRECT_TIMEOUT_MS = 10_000;

async function directCheck(url: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DIRECT_TIMEOUT_MS);
  try {
    // No credentials: the agent's health answer is public, and CORS allows the console's origin.
    const res = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store', signal: controller.signal });
    const body: unknown = await res.json().catch(() => null);
    return directCheckPassed(res.status, body);
  } catch {
    return false; // unreachable from this browser (network, CORS, time-out): the proxy check tells which
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Spec section 4: ask the instance itself first (only HTTP 200 with tenants
 * passes); otherwise ask the console to check it (GET …/health). Never throws:
 * every outcome is a health result.
 */
export async function checkHealth(i: Pick<Instance, 'instanceId' | 'healthCheckUrl'>): Promise<HealthResult> {
  if (i.healthCheckUrl && (await directCheck(i.healthCheckUrl))) return HEALTHY;
  try {
    return proxyCheckResult(await instancesApi.proxyHealth(i.instanceId));
  } catch {
    return proxyCheckResult(null); // 'Health check failed' or 'No response from proxy health check'
  }
}

/**
 * The browser's health check of one instance, repeated at the interval the
 * rules give (30 s, or 5 minutes for an old instance in the list). List and
 * details share the answer through the cache key. Undefined until a check
 * has answered, and for instances that are not checked.
 */
export function useInstanceHealth(instance: Instance | undefined, where: 'list' | 'details'): HealthResult | undefined {
  const enabled = instance !== undefined && needsHealthCheck(instance);
  const interval = instance ? healthInterval(instance, Date.now(), where) : false;
  const { data } = useQuery({
    queryKey: instanceKeys.health(instance?.instanceId ?? '', instance?.healthCheckUrl ?? null),
    queryFn: () => checkHealth(instance!),
    enabled,
    refetchInterval: interval,
    // Another row or screen asking within the interval reuses the last answer.
    staleTime: interval === false ? 0 : interval,
    retry: false,
  });
  return enabled ? data : undefined;
}
