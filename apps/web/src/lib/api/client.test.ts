import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { accountSchema, endpoints } from '@replay/contracts';
import { fail, failWith, ok, stubApi } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { call, refreshAccessToken, request, setAuthFailureHandler } from './client';
import { EARLY_READS_GLOBAL, EARLY_READ_USE_WITHIN_MS, EARLY_SESSION_GLOBAL, type EarlyRead } from './early-session';
import { ApiError, errorCodeOf, errorMessage, isForbidden, isNotFound } from './errors';
import { tokenExpiry } from './jwt';
import { tokenStore } from './token-store';

afterEach(() => {
  setAuthFailureHandler(() => tokenStore.set(null))();
  vi.restoreAllMocks();
});

/**
 * The page's loader left its reads a second ago: the clock they are judged by (performance.now,
 * from the page's start) says so, whatever the age of the window the tests run in (the web
 * files share one per worker, vitest.config.ts).
 */
const pageJustStarted = () => vi.spyOn(performance, 'now').mockReturnValue(1_000);

describe('api client', () => {
  it('sends the Bearer token and parses { data } with the schema', async () => {
    const token = makeJwt();
    tokenStore.set(token);
    const stub = stubApi({ 'GET /api/account': ok(makeAccount()) });
    const account = await request('/account', accountSchema);
    expect(account.email).toBe('ada@example.com');
    expect(stub.calls[0]?.authorization).toBe(`Bearer ${token}`);
  });

  it('calls an endpoint by its contract: method, filled and encoded path, body, and no token for a public one', async () => {
    tokenStore.set(makeJwt());
    const role = { roleId: 'r/1', name: 'Ops', description: '', permissions: [], instances: [], allInstances: true, members: 0, protected: false, createdAt: 0 };
    const stub = stubApi({ 'POST /api/client/roles/r%2F1': ok(role), 'POST /api/login': ok({ user: makeAccount(), jwt: makeJwt() }) });
    const input = { name: 'Ops', description: '', permissions: [], instances: [], allInstances: true };
    await call(endpoints.updateRole, { params: { id: 'r/1' }, body: input }).catch(() => undefined);
    expect(stub.calls[0]).toMatchObject({ method: 'POST', path: '/api/client/roles/r%2F1', body: input });
    expect(stub.calls[0]?.authorization).toMatch(/^Bearer /);
    await call(endpoints.login, { body: { email: 'ada@example.com', password: 'secret-password' } });
    expect(stub.calls[1]).toMatchObject({ method: 'POST', path: '/api/login', authorization: null });
  });

  it('rejects a non-OK answer with its status and errors', async () => {
    tokenStore.set(makeJwt());
    stubApi({ 'POST /api/account': fail(400, 'Must be at most 50 characters', 'second') });
    const error = await request('/account', accountSchema, { method: 'POST', body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, messages: ['Must be at most 50 characters', 'second'] });
    expect(errorMessage(error, 'fallback')).toBe('Must be at most 50 characters');
  });

  it('reads the machine-readable code of an error answer, not its message text', async () => {
    tokenStore.set(makeJwt());
    stubApi({ 'POST /api/managed-saas/instances': failWith('instance_url_taken', 'Some reworded message.') });
    const taken = await request('/managed-saas/instances', z.object({}), { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(taken).toMatchObject({ status: 409, messages: ['Some reworded message.'] });
    expect(errorCodeOf(taken)).toBe('instance_url_taken');
    expect([isForbidden(taken), isNotFound(taken)]).toEqual([false, false]);
  });

  it('decides forbidden and not found by the code, and gives a codeless answer its status’s generic code', async () => {
    tokenStore.set(makeJwt());
    stubApi({
      'GET /api/a': failWith('forbidden', 'Any wording.'),
      'GET /api/b': failWith('not_found', 'Any wording.'),
      'GET /api/c': { status: 404, body: { errors: ['A proxy said so.'] } },
      'GET /api/d': { status: 403, body: { errors: ['Unknown code.'], code: 'from_a_newer_server' } },
    });
    const [a, b, c, d] = await Promise.all(['/a', '/b', '/c', '/d'].map((p) => request(p, z.object({})).catch((e: unknown) => e)));
    expect([isForbidden(a), isNotFound(a)]).toEqual([true, false]);
    expect([isForbidden(b), isNotFound(b)]).toEqual([false, true]);
    expect(errorCodeOf(c)).toBe('not_found');
    expect(errorCodeOf(d)).toBe('forbidden');
    expect(errorMessage(d, 'fallback')).toBe('Unknown code.');
  });

  it('falls back when an error has no body, or the network is down', async () => {
    stubApi({ 'GET /api/public-config': fail(502) });
    const noBody = await request('/public-config', z.object({}), { auth: 'none' }).catch((e: unknown) => e);
    expect(noBody).toMatchObject({ status: 502, messages: [], code: null });
    expect(errorMessage(noBody, 'Something went wrong')).toBe('Something went wrong');

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const offline = await request('/public-config', z.object({}), { auth: 'none' }).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0 });
    expect(errorMessage(offline, 'Something went wrong')).toBe('Something went wrong');
  });

  it('rejects a success body that does not match the schema', async () => {
    stubApi({ 'GET /api/public-config': ok({ productName: 3 }) });
    await expect(request('/public-config', z.object({ productName: z.string() }), { auth: 'none' })).rejects.toBeInstanceOf(ApiError);
  });

  it('on 401 refreshes once and retries with the new token', async () => {
    const stale = makeJwt(600, 'old');
    const fresh = makeJwt(900, 'new');
    tokenStore.set(stale);
    const stub = stubApi({
      'GET /api/refresh': ok({ jwt: fresh }),
      'GET /api/account': (req) => (req.authorization === `Bearer ${fresh}` ? ok(makeAccount()) : fail(401, 'Expired.')),
    });
    await expect(request('/account', accountSchema)).resolves.toMatchObject({ userId: 'usr_1' });
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(stub.callsTo('GET /api/account')).toHaveLength(2);
    expect(tokenStore.get()).toBe(fresh);
  });

  it('runs the auth-failure action when the refresh fails too, and clears the token', async () => {
    tokenStore.set(makeJwt());
    const onFailure = vi.fn();
    setAuthFailureHandler(onFailure);
    stubApi({ 'GET /api/refresh': fail(401, 'No session.'), 'GET /api/account': fail(401, 'Expired.') });
    await expect(request('/account', accountSchema)).rejects.toMatchObject({ status: 401 });
    expect(onFailure).toHaveBeenCalledOnce();
    expect(tokenStore.get()).toBeNull();
  });

  it('keeps the session on 403 (signed in, not allowed)', async () => {
    const token = makeJwt();
    tokenStore.set(token);
    const onFailure = vi.fn();
    setAuthFailureHandler(onFailure);
    const stub = stubApi({ 'GET /api/account': fail(403, 'Not allowed.') });
    await expect(request('/account', accountSchema)).rejects.toMatchObject({ status: 403, messages: ['Not allowed.'] });
    expect(onFailure).not.toHaveBeenCalled();
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(0);
    expect(tokenStore.get()).toBe(token);
  });

  it('shares one refresh between concurrent callers (the cookie is single use)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stub = stubApi({
      'GET /api/refresh': async () => {
        await gate;
        return ok({ jwt: makeJwt() });
      },
    });
    const all = Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    release();
    const tokens = await all;
    expect(new Set(tokens).size).toBe(1);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
  });

  it('renews a token about to expire before using it', async () => {
    tokenStore.set(makeJwt(5));
    const fresh = makeJwt(900, 'fresh');
    const stub = stubApi({ 'GET /api/refresh': ok({ jwt: fresh }), 'GET /api/account': ok(makeAccount()) });
    await request('/account', accountSchema);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(stub.callsTo('GET /api/account')[0]?.authorization).toBe(`Bearer ${fresh}`);
  });

  it('renews shortly before expiry on its own, reading exp from the token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stub = stubApi({ 'GET /api/refresh': ok({ jwt: makeJwt(900, 'next') }) });
    const token = makeJwt(900);
    expect(tokenExpiry(token)).toBe(Math.floor(Date.now() / 1000) * 1000 + 900_000);
    tokenStore.set(token);
    await vi.advanceTimersByTimeAsync(830_000);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(tokenStore.get()).not.toBe(token);
  });

  it('takes the answer of the signed-in page’s loader once, then asks itself', async () => {
    const early = makeJwt(900, 'early');
    const scope = globalThis as unknown as Record<string, unknown>;
    scope[EARLY_SESSION_GLOBAL] = Promise.resolve({ status: 200, text: JSON.stringify({ data: { jwt: early } }) });
    const next = makeJwt(900, 'next');
    const stub = stubApi({ 'GET /api/refresh': ok({ jwt: next }) });
    await expect(refreshAccessToken()).resolves.toBe(early);
    expect(tokenStore.get()).toBe(early);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(0);
    await expect(refreshAccessToken()).resolves.toBe(next);
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
  });

  it('asks itself when the loader’s call got no answer, and reads a refused one as a failed refresh', async () => {
    const scope = globalThis as unknown as Record<string, unknown>;
    scope[EARLY_SESSION_GLOBAL] = Promise.resolve(null);
    const stub = stubApi({ 'GET /api/refresh': ok({ jwt: makeJwt(900, 'own') }) });
    await expect(refreshAccessToken()).resolves.toEqual(expect.any(String));
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
    tokenStore.set(makeJwt());
    scope[EARLY_SESSION_GLOBAL] = Promise.resolve({ status: 401, text: JSON.stringify({ errors: ['Session expired'], code: 'session_expired' }) });
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
  });

  it('takes a read the page’s loader sent with the same token once, instead of sending it', async () => {
    pageJustStarted();
    const token = makeJwt(900, 'early');
    tokenStore.set(token);
    const sent = new Response(JSON.stringify({ data: makeAccount({ name: 'From the loader' }) }), { status: 200 });
    const scope = globalThis as unknown as Record<string, unknown>;
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve<EarlyRead>({ token, response: sent }) };
    const stub = stubApi({ 'GET /api/account': ok(makeAccount({ name: 'Asked again' })) });
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'From the loader' });
    expect(stub.callsTo('GET /api/account')).toHaveLength(0);
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked again' });
    expect(stub.callsTo('GET /api/account')).toHaveLength(1);
    delete scope[EARLY_READS_GLOBAL];
  });

  it('asks itself when the loader’s read went with another token, was not sent, or comes too late; and reads a 401 there as any other', async () => {
    const token = makeJwt(900, 'current');
    tokenStore.set(token);
    const scope = globalThis as unknown as Record<string, unknown>;
    const answer = (name: string) => new Response(JSON.stringify({ data: makeAccount({ name }) }), { status: 200 });
    const renewed = makeJwt(900, 'renewed');
    const stub = stubApi({ 'GET /api/account': ok(makeAccount({ name: 'Asked' })), 'GET /api/refresh': ok({ jwt: renewed }) });
    const now = pageJustStarted();
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve<EarlyRead>({ token: makeJwt(900, 'other'), response: answer('Other token') }) };
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked' });
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve(null) };
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked' });
    now.mockReturnValue(EARLY_READ_USE_WITHIN_MS + 1);
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve<EarlyRead>({ token, response: answer('Too late') }) };
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked' });
    now.mockReturnValue(1_000);
    expect(stub.callsTo('GET /api/account')).toHaveLength(3);
    // Past the page's start the reads not taken are forgotten, with the token they went with.
    expect(scope[EARLY_READS_GLOBAL]).toBeUndefined();
    // A refused early read is the call's first answer: refreshed once, then asked again.
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve<EarlyRead>({ token, response: new Response(JSON.stringify({ errors: ['Session expired'] }), { status: 401 }) }) };
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked' });
    expect(stub.callsTo('GET /api/refresh')).toHaveLength(1);
    expect(stub.callsTo('GET /api/account')).toHaveLength(4);
    delete scope[EARLY_READS_GLOBAL];
  });

  it('takes a public read the loader sent with no token for a public call only, whatever token the app holds', async () => {
    pageJustStarted();
    tokenStore.set(makeJwt(900, 'signed-in'));
    const scope = globalThis as unknown as Record<string, unknown>;
    const loaders = { ...publicConfig, productName: 'From the loader' };
    scope[EARLY_READS_GLOBAL] = { '/api/public-config': Promise.resolve<EarlyRead>({ token: null, response: new Response(JSON.stringify({ data: loaders })) }) };
    const stub = stubApi({ 'GET /api/public-config': ok({ ...publicConfig, productName: 'Asked' }), 'GET /api/account': ok(makeAccount({ name: 'Asked' })) });
    await expect(call(endpoints.publicConfig, {})).resolves.toMatchObject({ productName: 'From the loader' });
    expect(stub.callsTo('GET /api/public-config')).toHaveLength(0);
    // A read sent without a token never answers a call that sends one.
    scope[EARLY_READS_GLOBAL] = { '/api/account': Promise.resolve<EarlyRead>({ token: null, response: new Response(JSON.stringify({ data: makeAccount({ name: 'No token' }) })) }) };
    await expect(call(endpoints.account, {})).resolves.toMatchObject({ name: 'Asked' });
    expect(stub.callsTo('GET /api/account')).toHaveLength(1);
    delete scope[EARLY_READS_GLOBAL];
  });

  it('takes turns with other tabs through a Web Lock when the browser has them', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    stubApi({ 'GET /api/refresh': ok({ jwt: makeJwt() }) });
    await expect(refreshAccessToken()).resolves.toEqual(expect.any(String));
    expect(request).toHaveBeenCalledWith('console-token-refresh', expect.any(Function));
  });
});
