import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MFA_MESSAGES } from '@replay/contracts';
import { mfaChallenges } from '../../src/db/schema';
import { hashToken } from '../../src/lib/ids';
import { createTestApp, type TestApp } from '../support/app';
import { freshAddress, login, signup } from '../support/auth';
import { codeOf, enrolTotp, loginMfa } from './support';

/**
 * Issue 42, point 2: second-factor codes were limited per address only, and a wrong code
 * did not spend the sign-in's challenge. Now each member has a limit from anywhere, and a
 * challenge ends at its fifth wrong code, so the password must be given again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function challengeOf(email: string, password: string, ip = freshAddress()): Promise<string> {
  const res = await login(t, email, password, ip);
  expect(res.json().data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return res.json().data.mfaToken;
}

describe('a sign-in’s second step', () => {
  it('ends at its fifth wrong code: the sixth try, with the right code and from another address, is refused, and the password is asked again', async () => {
    const owner = await signup(t);
    const { secret } = await enrolTotp(t, owner);
    const mfaToken = await challengeOf(owner.email, owner.password);
    const answers = [];
    // Each from its own address: no per-address limit is what stops them.
    for (let i = 0; i < 5; i += 1) answers.push(await loginMfa(t, mfaToken, '000000', freshAddress()));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(0, 4).map((r) => r.json().errors)).toEqual(Array(4).fill([MFA_MESSAGES.invalidCode]));
    expect(answers[4]!.json().errors).toEqual([MFA_MESSAGES.challengeEndedAfterFailures]);
    const [row] = await t.runtime.ctx.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, hashToken(mfaToken)));
    expect(row!.usedAt).not.toBeNull();

    const sixth = await loginMfa(t, mfaToken, await codeOf(t, secret), freshAddress());
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().errors).toEqual([MFA_MESSAGES.challengeExpired]);
    expect(sixth.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();

    // The password again, then the right code: signed in.
    const next = await challengeOf(owner.email, owner.password);
    const done = await loginMfa(t, next, await codeOf(t, secret), freshAddress());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.user.userId).toBe(owner.user.userId);
  });

  it('checks at most five codes of one challenge, however many race', async () => {
    const owner = await signup(t);
    await enrolTotp(t, owner);
    const mfaToken = await challengeOf(owner.email, owner.password);
    const answers = await Promise.all(Array.from({ length: 12 }, () => loginMfa(t, mfaToken, '000000', freshAddress())));
    const errorOf = (r: (typeof answers)[number]) => r.json().errors?.[0];
    // A code was checked only where the answer judges it; the rest were refused before any check:
    // the challenge spent (401), or, where all twelve found it live at once (PostgreSQL's real
    // concurrency), the member's limit of ten (429).
    const checked = answers.filter((r) => [MFA_MESSAGES.invalidCode, MFA_MESSAGES.challengeEndedAfterFailures].includes(errorOf(r)));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    for (const r of answers) {
      if (checked.includes(r)) expect(r.statusCode).toBe(401);
      else expect([401, 429], errorOf(r)).toContain(r.statusCode);
      if (!checked.includes(r)) expect([MFA_MESSAGES.challengeExpired, MFA_MESSAGES.tooManyCodes]).toContain(errorOf(r));
    }
  });
});

describe('codes per member', () => {
  it('are limited from anywhere: codes from rotating addresses hit the member’s limit, the right one included, until the window ends', async () => {
    const owner = await signup(t);
    const { secret } = await enrolTotp(t, owner);
    // Ten wrong codes, each from a new address, over three sign-ins (none reaches its own five).
    for (const tries of [4, 4, 2]) {
      const mfaToken = await challengeOf(owner.email, owner.password);
      for (let i = 0; i < tries; i += 1) expect((await loginMfa(t, mfaToken, '000000', freshAddress())).statusCode).toBe(401);
    }
    const mfaToken = await challengeOf(owner.email, owner.password);
    const refused = await loginMfa(t, mfaToken, await codeOf(t, secret), freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual([MFA_MESSAGES.tooManyCodes]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The window over, the right code on a new sign-in passes.
    t.clock.advance(15 * 60_000 + 1);
    const later = await challengeOf(owner.email, owner.password);
    expect((await loginMfa(t, later, await codeOf(t, secret), freshAddress())).statusCode).toBe(200);
  });

  it('take a success’s attempt back: a member who signs in right is not brought nearer the limit', async () => {
    const owner = await signup(t);
    const { secret } = await enrolTotp(t, owner);
    for (let round = 0; round < 12; round += 1) {
      const mfaToken = await challengeOf(owner.email, owner.password);
      expect((await loginMfa(t, mfaToken, await codeOf(t, secret), freshAddress())).statusCode).toBe(200);
      // Each accepted code's step is used: the next sign-in needs the next step's code.
      t.clock.advance(30_000);
    }
  });
});
