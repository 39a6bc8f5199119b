import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mailQueue } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { signup } from './support/auth';
import { linkify } from '../src/mail/outbox';
import { startSmtpReceiver } from './support/smtp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { mailer, db } = t.runtime.ctx;
  await mailer.queue(db, { to: 'first@example.com', subject: 'First', text: 'Hello' });
  await new Promise((r) => setTimeout(r, 5));
  await mailer.queue(db, { to: 'second@example.com', subject: 'Second <b>', text: 'Open http://localhost:3000/reset-password?token=abc now' });
});
afterAll(() => t.close());

describe('the operator outbox', () => {
  it('lists mail newest first as JSON, to loopback callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/outbox.json' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(data[0]).toMatchObject({ subject: 'Second <b>', transport: 'outbox', createdAt: expect.any(Number) });
  });

  it('serves an HTML page with clickable, escaped links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/outbox', remoteAddress: '::1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<a href="http://localhost:3000/reset-password?token=abc">');
    expect(res.body).toContain('Second &#60;b&#62;');
    expect(res.body.indexOf('Second')).toBeLessThan(res.body.indexOf('First'));
  });

  it('refuses other addresses, and anything relayed by a proxy, with 403', async () => {
    for (const url of ['/outbox', '/outbox.json']) {
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().errors).toHaveLength(1);
      const proxied = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.statusCode).toBe(403);
    }
  });

  it('is not under /api, so it needs no session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(404);
  });

  it('linkify escapes everything and links only http(s) URLs', () => {
    expect(linkify('go <script> javascript:alert(1) https://a.example/x?y=1&z=2')).toBe(
      'go &#60;script&#62; javascript:alert(1) <a href="https://a.example/x?y=1&#38;z=2">https://a.example/x?y=1&#38;z=2</a>',
    );
  });
});

describe('with SMTP configured', () => {
  it('has no outbox routes at all', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      expect(smtp.app.hasRoute({ method: 'GET', url: '/outbox' })).toBe(false);
      expect(smtp.app.hasRoute({ method: 'GET', url: '/outbox.json' })).toBe(false);
      const config = await smtp.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(config.json().data.mailTransport).toBe('smtp');
    } finally {
      await smtp.close();
    }
  });
});

describe('with SMTP configured, mail is sent and kept nowhere', () => {
  it('delivers a reset link over SMTP and writes nothing to the outbox table', async () => {
    const smtp = await startSmtpReceiver();
    const app = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://console.example.com' });
    try {
      const account = await signup(app);
      const res = await app.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: account.email } });
      expect(res.statusCode).toBe(200);
      await smtp.until(1);
      expect(smtp.received[0]).toContain(`To: ${account.email}`);
      expect(smtp.received[0]).toContain('Subject: Reset your Replay Console password');
      expect(smtp.received[0]).toContain('https://console.example.com/reset-password?token=');
      expect(await app.runtime.ctx.db.select().from(mailOutbox)).toEqual([]);
      // Sent, so no sealed copy is left either.
      await app.runtime.drain();
      expect(await app.runtime.ctx.db.select().from(mailQueue)).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
