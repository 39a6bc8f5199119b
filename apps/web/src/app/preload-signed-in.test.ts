import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { publicConfigQuery } from '../features/config/api';
import { instanceKeys } from '../features/instances/api';
import { tokenStore } from '../lib/api';
import { ok, stubApi } from '../test/fetch-stub';
import { makeJwt, publicConfig } from '../test/fixtures';
import { preloadSignedIn } from './AppRoutes';

const LIST = { instances: [], total: 0 };

describe('a signed-in page opened cold fetches its screen’s first data beside the session’s', () => {
  it('puts the instances list the address asks for into the cache under the key the page reads', async () => {
    tokenStore.set(makeJwt());
    const stub = stubApi({ 'GET /api/managed-saas/instances': ok(LIST) });
    const queryClient = new QueryClient();
    await preloadSignedIn({ pathname: '/instances', search: '?page=2&q=%20shop%20' }, { queryClient, opened: Promise.resolve(true) });
    expect(queryClient.getQueryData(instanceKeys.list({ page: 2, search: 'shop' }))).toEqual(LIST);
    const [call] = stub.callsTo('GET /api/managed-saas/instances');
    expect(new URLSearchParams(call?.search)).toEqual(new URLSearchParams({ page: '2', limit: '10', search: 'shop' }));
    tokenStore.set(null);
  });

  it('asks for no signed-in data when the session could not be opened, only the public configuration', async () => {
    const stub = stubApi({ 'GET /api/managed-saas/instances': ok(LIST), 'GET /api/public-config': ok(publicConfig) });
    const queryClient = new QueryClient();
    // The screen's chunk loads either way (it is needed to show the screen); the call is what must not happen.
    await preloadSignedIn({ pathname: '/instances', search: '' }, { queryClient, opened: Promise.resolve(false) });
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/public-config']);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([publicConfigQuery.queryKey]);
  });

  it('asks for the public configuration at once, before the session is open, into the key the shell reads', async () => {
    const config = publicConfig;
    stubApi({ 'GET /api/public-config': ok(config), 'GET /api/managed-saas/instances': ok(LIST) });
    const queryClient = new QueryClient();
    void preloadSignedIn({ pathname: '/instances', search: '' }, { queryClient, opened: new Promise<boolean>(() => undefined) });
    await vi.waitFor(() => expect(queryClient.getQueryData(publicConfigQuery.queryKey)).toEqual(config));
  });
});
