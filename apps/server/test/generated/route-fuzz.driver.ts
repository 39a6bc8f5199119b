import { DriverError, type InfrastructureDriver } from '../../src/infra/driver';

/** The calls for the records the instance's agent keeps (its JavaScript errors and source maps). */
const AGENT_RECORDS: ReadonlySet<string | symbol> = new Set(['errors', 'error', 'uploadSourceMap', 'sourceMaps', 'deleteSourceMap']);
/**
 * The driver calls a request makes on its own: a health check that answers, a cleanup and its preview.
 * (Its "no answer" is a 500 by the spec's design, whatever the input.) Nothing
 * else may be called: with RUN_WORKERS=false no workflow runs, so no agent starts.
 */
export const answeringDriver = new Proxy({ kind: 'fuzz', browserSources: [] } as unknown as InfrastructureDriver, {
  get(target, prop) {
    if (prop === 'kind' || prop === 'browserSources') return target[prop];
    if (prop === 'health') return async () => ({ healthy: true, statusCode: 200, tenants: [{ active: true }] });
    if (prop === 'loginUrl') return async () => 'http://127.0.0.1:9/login?token=fuzz';
    // Cleanup and its preview call the instance from the request too.
    if (prop === 'cleanup') return async () => ({ removedDays: [], removedBytes: 0, cleanedAt: Date.now() });
    if (prop === 'cleanupPreview') return async (_id: string, ages: number[]) => ({ ages: ages.map((days) => ({ days, bytes: 0 })), usedBytes: 0, totalBytes: 1 });
    // The instance's own records: no agent runs here, so it answers as an instance that is not running (the
    // routes' 409), as the test console's own driver does, whichever of the instance's states the routes fuzzed before left.
    if (AGENT_RECORDS.has(prop)) return async () => Promise.reject(new DriverError('not-running', 'No agent runs in the fuzz'));
    // Optional calls this driver does not have (a boot-time reachability check is the Kubernetes driver's).
    if (prop === 'then' || prop === 'checkReachable') return undefined;
    return async () => {
      throw new Error(`driver.${String(prop)} is not for this test`);
    };
  },
});
