import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { domainEvents, mailOutbox, mailQueue, users } from '../../src/db/schema';
import { freePort } from '../../src/lib/free-port';
import { openSealed } from '../../src/lib/seal';
import { MAIL_RETRY, mailSealKey } from '../../src/mail/mailer';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { startSmtpReceiver } from '../support/smtp';

/** Mail is queued in the change's transaction and leaves through a job; with SMTP it is sealed until sent, then gone. */

async function inviteAs(t: TestApp, owner: SignedIn, email: string) {
  const role = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: `Viewer ${email}` } });
  const payload = { name: 'Grace Hopper', email, admin: false, roleId: role.json().data.roleId as string };
  return t.app.inject({ method: 'POST', url: '/api/client/members', headers: bearer(owner.jwt), payload });
}

describe('without SMTP (the outbox table is the delivery)', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => ({ t, owner } = await appWithOwner()));
  afterAll(() => t.close());

  it('keeps the mail with its change: an invitation that rolls back after its mail was written leaves no mail, member or event', async () => {
    const db = t.runtime.ctx.db;
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db.execute(sql`create trigger refuse_mail after insert on mail_outbox for each row when (new.to = 'doomed@example.com') execute function refuse_mail()`);
    try {
      expect((await inviteAs(t, owner, 'doomed@example.com')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'doomed@example.com'))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, 'doomed@example.com'))).toEqual([]);
    expect(await db.select().from(domainEvents).where(eq(domainEvents.type, 'member.invited'))).toEqual([]);

    // The same call, committed: the mail is in the outbox as the call answers.
    expect((await inviteAs(t, owner, 'kept@example.com')).statusCode).toBe(201);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kept@example.com'))).toHaveLength(1);
  });
});

describe('with SMTP, a queued mail is sealed, retried, and erased once sent', () => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | null = null;
  beforeAll(async () => {
    // Nothing listens there yet: the first attempt fails, as when the SMTP server is down.
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('holds the reset link only sealed while the server is down, then sends it and keeps nothing', async () => {
    const db = t.runtime.ctx.db;
    const account = await signup(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email: account.email } })).statusCode).toBe(200);
    await t.runtime.drain();

    const [queued] = await db.select().from(mailQueue);
    expect(queued).toMatchObject({ attempts: 1 });
    expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Nothing readable: not the recipient, the subject or the link.
    for (const clear of [account.email, 'Reset your', 'reset-password', 'console.example.com']) expect(queued!.sealed).not.toContain(clear);
    // It is the mail, sealed with the console's own key and bound to its row.
    const key = mailSealKey(t.runtime.ctx.secrets.jwtSecret);
    expect(JSON.parse(openSealed(key, queued!.sealed, queued!.id)!)).toMatchObject({ to: account.email, text: expect.stringContaining('https://console.example.com/reset-password?token=') });
    expect(openSealed(key, queued!.sealed, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await db.select().from(mailOutbox)).toEqual([]);

    smtp = await startSmtpReceiver({ port });
    // Not before its retry is due…
    await t.runtime.drain();
    expect(smtp.received).toHaveLength(0);
    // …then sent, and the sealed copy removed.
    t.clock.advance(MAIL_RETRY.firstDelayMs);
    await t.runtime.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(`To: ${account.email}`);
    expect(smtp.received[0]).toContain('https://console.example.com/reset-password?token=');
    expect(await db.select().from(mailQueue)).toEqual([]);
  });
});

describe('with SMTP and workers, the mail-delivery job sends it', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url, RUN_WORKERS: 'true', PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends an invitation after the call answered, and keeps no copy', async () => {
    const owner = await signup(t);
    const res = await inviteAs(t, owner, 'grace@example.com');
    expect(res.statusCode).toBe(201);
    // With a job queue nothing is sent inside the process's own requests: this arrives through the job.
    await smtp.until(1);
    expect(smtp.received[0]).toContain('To: grace@example.com');
    expect(smtp.received[0]).toContain(res.json().data.invitationLink);
    await t.runtime.drain();
    expect(await t.runtime.ctx.db.select().from(mailQueue)).toEqual([]);
    expect(await t.runtime.ctx.db.select().from(mailOutbox)).toEqual([]);
  });
});
