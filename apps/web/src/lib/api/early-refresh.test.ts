import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../test/fetch-stub';
import { makeJwt } from '../../test/fixtures';
import { refreshAccessToken } from './client';
import { tokenStore } from './token-store';

/** The refresh early-session.js started before the app's code arrived, as it leaves it on window. */
function earlyAnswer(status: number, body: unknown) {
  window.__consoleEarlyRefresh = Promise.resolve({ status, body: JSON.stringify(body) });
}

afterEach(() => {
  delete window.__consoleEarlyRefresh;
  tokenStore.set(null);
});

describe('the early refresh of a signed-in page load', () => {
  it('is adopted by the first refresh instead of a second call, and only by the first', async () => {
    const early = makeJwt();
    earlyAnswer(200, { data: { jwt: early } });
    const later = makeJwt(900, 'usr_later');
    const stub = stubApi({ 'GET /api/refresh': ok({ jwt: later }) });
    await expect(refreshAccessToken()).resolves.toBe(early);
    expect(tokenStore.get()).toBe(early);
    expect(stub.calls).toHaveLength(0);
    // The refresh cookie is single use: the next refresh is a call of its own.
    await expect(refreshAccessToken()).resolves.toBe(later);
    expect(stub.calls.map((c) => c.path)).toEqual(['/api/refresh']);
  });

  it('ends the session as a refused refresh does when the early answer refused', async () => {
    tokenStore.set(makeJwt());
    earlyAnswer(401, { errors: ['Session expired.'], code: 'unauthorized' });
    const stub = stubApi({ 'GET /api/refresh': fail(401, 'Session expired.') });
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(stub.calls).toHaveLength(0);
  });

  it('keeps the token when the early call got no answer, as when the network fails', async () => {
    const token = makeJwt();
    tokenStore.set(token);
    window.__consoleEarlyRefresh = Promise.reject(new TypeError('Failed to fetch'));
    stubApi({});
    await expect(refreshAccessToken()).resolves.toBeNull();
    expect(tokenStore.get()).toBe(token);
  });
});
