import { afterAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import { mailOutbox, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password-hash';
import { newId } from '../../src/lib/ids';
import { STRONG_PASSWORD, bearer, login } from '../support/auth';
import { addMember } from '../support/team';
import { oidcWorld, runTest, signInBySso } from './oidc-harness';

/** Enforced single sign-on: passwords refused for the claimed domain, the owner's break-glass kept. */
const w = await oidcWorld('enforced.example');
afterAll(() => w.close());
const headers = bearer(w.owner.jwt);
const enforce = (enforced: boolean) => w.t.app.inject({ method: 'PUT', url: '/api/client/sso/enforcement', headers, payload: { enforced } });

// A member of the domain who has a password (joined before SSO), and an admin elsewhere who hears of break-glass.
const memberEmail = 'pat@enforced.example';
await w.t.runtime.ctx.db.insert(users).values({
  id: newId(),
  tenantId: w.owner.user.tenantId,
  email: memberEmail,
  name: 'Pat',
  passwordHash: await hashPassword(STRONG_PASSWORD),
  roleId: w.roles.Viewer,
  joinedAt: new Date(),
  createdAt: new Date(),
});
const admin = await addMember(w.t, w.owner.user.tenantId, { admin: true, permissions: ['VIEW_MEMBERS'] });

describe('enforcing single sign-on', () => {
  it('needs a passed test first', async () => {
    expect((await enforce(true)).statusCode).toBe(409);
    w.idp.person({ email: 'boss@enforced.example' });
    expect(await runTest(w, 'boss@enforced.example')).toMatch(/test=passed$/);
    const res = await enforce(true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.connection.state).toBe('enforced');
  });

  it('refuses a member’s password sign-in with a clear message; SSO still signs them in', async () => {
    const res = await login(w.t, memberEmail, STRONG_PASSWORD, '198.51.100.7');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([ACCOUNT_SSO_MESSAGES.ssoRequired]);
    w.idp.person({ email: memberEmail });
    expect((await signInBySso(w, memberEmail)).session!.status).toBe(200);
  });

  it('keeps the owner’s password as the break-glass way in, told to the other admins', async () => {
    const res = await login(w.t, w.owner.email, w.owner.password, '198.51.100.8');
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await w.t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    expect(mail!.subject).toBe('Break-glass sign-in by Ada Lovelace');
  });

  it('turned off, passwords work again', async () => {
    expect((await enforce(false)).json().data.connection.state).toBe('tested');
    expect((await login(w.t, memberEmail, STRONG_PASSWORD, '198.51.100.9')).statusCode).toBe(200);
  });
});
