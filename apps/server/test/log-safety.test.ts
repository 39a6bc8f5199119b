import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { loggerOptions } from '../src/lib/logger';
import { mailOutbox, users } from '../src/db/schema';
import { pathForLog } from '../src/lib/log-safety';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup, STRONG_PASSWORD, type SignedIn } from './support/auth';
import { invitationLinksTo, tokenOfLink } from './support/team';

/** Every line the console's logger writes, as pino writes it (the production options, another destination). */
const lines: string[] = [];
const logText = () => lines.join('');

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' }, { logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } } });
  owner = await signup(t);
});
afterAll(() => t.close());

async function resetTokenFor(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/password/reset-link', payload: { email } });
  expect(res.statusCode).toBe(200);
  const [mail] = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return new URL(mail!.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get('token')!;
}

describe('what the log says about requests', () => {
  it('opening an invitation link logs the path without its token, in the SPA and in the API', async () => {
    const roleId = (await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Instance reader', permissions: ['VIEW_INSTANCES'] } })).json().data
      .roleId;
    const email = 'invited.logs@example.com';
    const invited = await t.app.inject({ method: 'POST', url: '/api/client/members', headers: bearer(owner.jwt), payload: { name: 'Ivy', email, admin: false, roleId } });
    expect(invited.statusCode).toBe(201);
    const token = tokenOfLink((await invitationLinksTo(t, email))[0]!);

    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/invitation?token=${token}` });
    const opened = await t.app.inject({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}` });
    expect(opened.statusCode).toBe(200);

    expect(logText()).toContain('"url":"/invitation"');
    expect(logText()).toContain('"url":"/api/invitations/[redacted]"');
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(encodeURIComponent(token));
  });

  it('opening a reset link logs the path without its token', async () => {
    const token = await resetTokenFor(owner.email);
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}&iframe=1` });
    expect(logText()).toContain('"url":"/reset-password"');
    expect(logText()).not.toContain(token);
  });

  it('keeps the path of routes without secret parameters as it was', () => {
    expect(pathForLog('/api/client/members/42?x=1', '/api/client/members/:id')).toBe('/api/client/members/42');
    expect(pathForLog('/api/invitations/abc', '/api/invitations/:token')).toBe('/api/invitations/[redacted]');
    expect(pathForLog('/api/invitations/accept', '/api/invitations/accept')).toBe('/api/invitations/accept');
  });
});

describe('what the log says about a failed query', () => {
  it('names the failure (message, code) but none of the values bound into the query', async () => {
    const token = await resetTokenFor(owner.email);
    // A forced failure on the password-bearing UPDATE, whose detail quotes the new hash as a careless error would.
    await t.runtime.ctx.db.execute(sql`
      create function refuse_password_change() returns trigger language plpgsql as $$
      begin
        raise exception 'refused by the test trigger' using errcode = 'P0001', detail = 'new hash ' || new.password_hash;
      end $$`);
    await t.runtime.ctx.db.execute(sql`
      create trigger refuse_password_change before update of password_hash on users
      for each row execute function refuse_password_change()`);
    const before = await t.runtime.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, owner.user.userId));
    const newPassword = 'N3w!Passw0rd-for-logs';
    expect(newPassword).not.toBe(STRONG_PASSWORD);

    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: newPassword } });
    expect(res.statusCode).toBe(500);
    await t.app.auditDrain();

    // The new argon2 hash (random salt: its prefix is enough), the password, the token and the old hash stay out.
    expect(logText()).not.toContain('$argon2');
    expect(logText()).not.toContain(newPassword);
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain(before[0]!.hash!);
    // What failed is still there: the statement (placeholders only), PostgreSQL's message and code.
    const failure = lines.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> }).find((l) => l.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({ message: expect.stringContaining('Failed query: update "users"') });
    expect(JSON.stringify(failure?.err)).toContain('refused by the test trigger');
    expect(JSON.stringify(failure?.err)).toContain('P0001');
  });
});
