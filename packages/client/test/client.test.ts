import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/support/app';
import { addApiKey } from '../../../apps/server/test/support/api-keys';
import { signup } from '../../../apps/server/test/support/auth';
import { createReplayClient, ReplayApiError, unwrap } from '../src/index';

/** The typed client over real HTTP against the console, listening on a free port. */
let t: TestApp;
let baseUrl = '';
let ownerJwt = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
  ownerJwt = (await signup(t)).jwt;
});
afterAll(() => t.close());

describe('the typed client', () => {
  it('calls the API with an API key and answers the payload', async () => {
    const key = await addApiKey(t, ownerJwt, { permissions: ['VIEW_INSTANCES'] });
    const replay = createReplayClient({ baseUrl, token: key.secret });
    const list = await unwrap(replay.GET('/api/managed-saas/instances', { params: { query: { limit: 10 } } }));
    expect(list).toEqual({ instances: [], total: 0 });
  });

  it("turns a refusal into a ReplayApiError with the console's status, code and message", async () => {
    const key = await addApiKey(t, ownerJwt, { permissions: ['VIEW_INSTANCES'] });
    const replay = createReplayClient({ baseUrl, token: key.secret });
    const refused = await unwrap(replay.GET('/api/client/api-keys')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReplayApiError);
    expect(refused).toMatchObject({ status: 403, message: 'API keys cannot call this: it is for people signed in to the console.' });

    const unknown = await unwrap(createReplayClient({ baseUrl, token: 'rck_unknown' }).GET('/api/managed-saas/instances')).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 401 });
  });

  it('sends bodies and path parameters', async () => {
    const replay = createReplayClient({ baseUrl, token: ownerJwt });
    const roles = await unwrap(replay.GET('/api/client/roles'));
    const owner = roles.find((r) => r.name === 'Owner')!;
    const created = await unwrap(replay.POST('/api/client/api-keys', { body: { name: 'Typed', roleId: owner.roleId, expiresAt: Date.now() + 86_400_000, ipAccessList: [] } }));
    expect(created.secret).toMatch(/^rck_/);
    await unwrap(replay.DELETE('/api/client/api-keys/{id}', { params: { path: { id: created.key.keyId } } }));
    const keys = await unwrap(replay.GET('/api/client/api-keys'));
    expect(keys.keys.find((k) => k.keyId === created.key.keyId)?.status).toBe('revoked');
  });
});
