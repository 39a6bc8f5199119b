import { describe, expect, it } from 'vitest';
import { SESSION_OPENING_READ_PATHS, type SessionOpeningRead } from '@replay/contracts';
import { fetchAccount } from '../features/account/api';
import { fetchPublicConfig } from '../features/config/api';
import { instancesApi } from '../features/instances/api';
import { tokenStore } from '../lib/api';
import { ok, stubApi } from '../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../test/fixtures';
import { PUBLIC_READS, SCREEN_READS, SESSION_READS } from './early-reads';
import { SCREEN_MODULES } from './screen-modules';

/** What a call sent, as the loader names its reads: the API path with its query. */
const sentBy = (stub: ReturnType<typeof stubApi>) => stub.calls.map((c) => `${c.path}${c.search}`);
/** The addresses the server's answers to these reads are the answers of. */
const addresses = (names: readonly SessionOpeningRead[] | undefined) => (names ?? []).map((name) => SESSION_OPENING_READ_PATHS[name]);

describe('the reads a signed-in page’s loader sends early', () => {
  it('are the very calls the app makes for the account, and for the list as an address without a query shows it', async () => {
    tokenStore.set(makeJwt());
    const stub = stubApi({ 'GET /api/account': ok(makeAccount()), 'GET /api/managed-saas/instances': ok({ instances: [], total: 0 }) });
    await fetchAccount();
    expect(sentBy(stub)).toEqual(addresses(SESSION_READS));
    stub.calls.length = 0;
    await instancesApi.list({ page: 1, search: '' });
    expect(sentBy(stub)).toEqual(addresses(SCREEN_READS['src/routes/instances/InstancesPage.tsx']));
  });

  it('are, without a token, the very call the app makes for the public configuration, sent without one', async () => {
    tokenStore.set(makeJwt());
    const stub = stubApi({ 'GET /api/public-config': ok(publicConfig) });
    await fetchPublicConfig();
    expect(sentBy(stub)).toEqual(addresses(PUBLIC_READS));
    expect(stub.calls[0]?.authorization).toBeNull();
  });

  it('name screens by the modules the build writes a page for', () => {
    const modules = new Set(SCREEN_MODULES.map(([, module]) => module));
    for (const module of Object.keys(SCREEN_READS)) expect(modules.has(module), module).toBe(true);
  });
});
