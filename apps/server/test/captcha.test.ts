import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@replay/contracts';
import type { CaptchaVerifier } from '../src/modules/auth/captcha';
import { createTestApp, type TestApp } from './support/app';
import { signupBody } from './support/auth';

/** Accepts exactly one answer, and records what it was asked. */
class FakeCaptcha implements CaptchaVerifier {
  calls: { response: string; remoteIp: string }[] = [];
  async verify(response: string, remoteIp: string) {
    this.calls.push({ response, remoteIp });
    return response === 'good-answer';
  }
}

const captcha = new FakeCaptcha();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET: 'secret' }, { captcha });
});
afterAll(() => t.close());

describe('captcha, when switched on', () => {
  it('refuses sign-up with a bad or missing answer, and accepts a good one', async () => {
    const body = signupBody();
    for (const answer of ['bad-answer', undefined]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...body, 'g-recaptcha-response': answer } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: [AUTH_MESSAGES.captchaFailed], code: 'bad_request' });
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...body, 'g-recaptcha-response': 'good-answer' } });
    expect(ok.statusCode).toBe(201);
    expect(captcha.calls.at(-1)).toEqual({ response: 'good-answer', remoteIp: '127.0.0.1' });
  });

  it('guards login and the reset link too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com', password: 'x', 'g-recaptcha-response': 'bad-answer' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ errors: [AUTH_MESSAGES.captchaFailed], code: 'bad_request' });
    const link = await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: 'a@example.com' } });
    expect(link.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset-link',
      payload: { email: 'a@example.com', 'g-recaptcha-response': 'good-answer' },
    });
    expect(good.statusCode).toBe(200);
  });

  it('publishes the site key in the public config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json().data.captchaSiteKey).toBe('site-key');
  });
});

describe('the reCAPTCHA adapter', () => {
  it('posts secret, answer and address as a form, and believes only success: true', async () => {
    const { createServer } = await import('node:http');
    const { recaptchaVerifier } = await import('../src/modules/auth/captcha');
    const seen: URLSearchParams[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('response') === 'good-answer' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const verifier = recaptchaVerifier('the-secret', { endpoint: `http://127.0.0.1:${port}/siteverify` });
      expect(await verifier.verify('good-answer', '198.51.100.1')).toBe(true);
      expect(await verifier.verify('bad-answer', '198.51.100.1')).toBe(false);
      expect(Object.fromEntries(seen[0]!)).toEqual({ secret: 'the-secret', response: 'good-answer', remoteip: '198.51.100.1' });
    } finally {
      await new Promise((r) => server.close(r));
    }
    const unreachable = recaptchaVerifier('s', { endpoint: `http://127.0.0.1:${port}/gone`, timeoutMs: 500 });
    expect(await unreachable.verify('good-answer', '198.51.100.1')).toBe(false);
  });
});
