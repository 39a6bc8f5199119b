import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mailOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { signup } from './support/auth';
import { linkify } from '../src/mail/outbox';

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

/** A real SMTP server on loopback that keeps what it receives: the console's mail leaves through nodemailer's SMTP client. */
async function startSmtpReceiver() {
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString('utf8')));
      stream.on('end', () => {
        // Undo quoted-printable (soft line breaks, =3D) so the test reads the text as sent.
        received.push(message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
        waiting.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived: the condition, not a delay. */
    until: (count: number) => new Promise<void>((resolve) => (received.length >= count ? resolve() : waiting.push(() => received.length >= count && resolve()))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
