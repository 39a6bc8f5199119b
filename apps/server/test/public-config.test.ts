import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PRODUCT_NAME: 'Replay', DOCS_URL: 'https://docs.example.org/', CAPTCHA_SITE_KEY: 'key-without-secret' });
});
afterAll(() => t.close());

describe('GET /api/public-config', () => {
  it('answers what the SPA needs before sign-in, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        productName: 'Replay',
        supportEmail: 'support@example.com',
        docsUrl: 'https://docs.example.org',
        communityUrl: 'https://community.example.com',
        termsUrl: 'https://docs.example.org/terms',
        privacyUrl: 'https://docs.example.org/privacy',
        // A site key without its secret does not switch the captcha on.
        captchaSiteKey: null,
        mailTransport: 'outbox',
        payments: { provider: 'offline', stripePublishableKey: null },
        sessionRecorder: null,
      },
    });
  });
});
