import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { INTERNAL_ERROR_MESSAGE } from '@replay/contracts';
import { errorsPlugin } from '../src/plugins/errors';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { expectErrorAnswerShape } from './support/error-answer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every error answer carries its code beside the messages', () => {
  it('answers a schema refusal with validation_failed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expectErrorAnswerShape(res);
  });

  it('answers no token with unauthenticated and an expired access token with session_expired', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/account' });
    expect(none.json()).toEqual({ errors: ['Authentication required.'], code: 'unauthenticated' });
    const owner = await signup(t);
    t.clock.advance(901 * 1000);
    const after = await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(owner.jwt) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
  });

  it('answers an unknown API path with not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.json()).toEqual({ errors: ['No route GET /api/nothing-here.'], code: 'not_found' });
  });

  it('answers a body that is not JSON with Fastify’s status and its generic code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expectErrorAnswerShape(res);
    const huge = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.co', password: 'x'.repeat(1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });

  it('answers an unexpected failure with internal and no detail', async () => {
    // The console has no route that fails on purpose, so the error handler gets one of its own.
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('database exploded: secret detail');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [INTERNAL_ERROR_MESSAGE], code: 'internal' });
  });
});
