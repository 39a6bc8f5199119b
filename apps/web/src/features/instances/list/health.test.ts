import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../test/fetch-stub';
import { makeJwt } from '../../../test/fixtures';
import { tokenStore } from '../../../lib/api';
import { checkHealth } from './health';
import { HEALTHY, UNHEALTHY } from '../rules';
import { agentHealth, makeInstance } from '../test-fixtures';

const instance = makeInstance();
const proxyPath = `GET /api/managed-saas/instances/${instance.instanceId}/health`;

describe('checkHealth', () => {
  it('asks the instance directly and is healthy on 200 with tenants, without asking the console', async () => {
    const stub = stubApi({ 'GET /api/health': { status: 200, body: agentHealth } });
    await expect(checkHealth(instance)).resolves.toEqual(HEALTHY);
    expect(stub.calls.map((c) => c.path)).toEqual(['/api/health']);
    expect(String(stub.fetch.mock.calls[0]?.[0])).toBe(instance.healthCheckUrl);
  });

  it('falls back to the proxy check when the answer has no tenants, and flags a client network issue when that passes', async () => {
    tokenStore.set(makeJwt());
    stubApi({
      'GET /api/health': { status: 200, body: { status: 'ok', tenants: [] } },
      [proxyPath]: ok({ healthy: true, hasTenants: true, resolvedIps: ['127.0.0.1'] }),
    });
    await expect(checkHealth(instance)).resolves.toEqual({ healthy: true, clientNetworkIssue: true, resolvedIps: ['127.0.0.1'] });
  });

  it('is unhealthy when the instance cannot be reached and the proxy check fails', async () => {
    tokenStore.set(makeJwt());
    const stub = stubApi({ [proxyPath]: fail(500, 'Health check failed') });
    stub.fetch.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkHealth(instance)).resolves.toEqual(UNHEALTHY);
  });

  it('goes straight to the proxy check when the instance has no health address yet', async () => {
    tokenStore.set(makeJwt());
    const stub = stubApi({ [proxyPath]: fail(500, 'No response from proxy health check') });
    await expect(checkHealth(makeInstance({ healthCheckUrl: null }))).resolves.toEqual(UNHEALTHY);
    expect(stub.calls.map((c) => c.path)).toEqual([`/api/managed-saas/instances/${instance.instanceId}/health`]);
  });
});
