import { afterAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_LIMITS } from '@replay/contracts';
import { users } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { oidcWorld, runTest, signInBySso } from './oidc-harness';

/**
 * Just-in-time members take seats as invitations do (members' seats.door): a full account
 * signs its existing members in, and refuses a new person, telling them why on the login page.
 */
const w = await oidcWorld('full.example');
afterAll(() => w.close());
const db = w.t.runtime.ctx.db;
const tenantId = w.owner.user.tenantId;
const seatsTaken = async () =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt)))
  )[0]!.n;

describe('a just-in-time member and the account’s seats', () => {
  it('refuses a new person once the account is full, and still signs its members in', async () => {
    // Sign-in by email opens once the owner's test has passed.
    w.idp.person({ email: 'boss@full.example' });
    expect(await runTest(w, 'boss@full.example')).toBe(`${w.console}/client/sso?test=passed`);
    w.idp.person({ email: 'early@full.example' });
    expect((await signInBySso(w, 'early@full.example')).session!.status).toBe(200);
    // The rest of the trial's seats taken by invited people.
    const now = new Date();
    const free = ACCOUNT_LIMITS.trial.teamMembers - (await seatsTaken());
    for (let n = 0; n < free; n += 1) await db.insert(users).values({ id: newId(), tenantId, email: `invited.${n}@elsewhere.example`, name: `Invited ${n}`, createdAt: now });
    expect(await seatsTaken()).toBe(ACCOUNT_LIMITS.trial.teamMembers);

    w.idp.person({ email: 'late@full.example' });
    const late = await signInBySso(w, 'late@full.example');
    expect(late.landing).toBe(`${w.console}/login?sso=no-seat`);
    expect(late.session).toBeNull();
    expect(await db.select().from(users).where(eq(users.email, 'late@full.example'))).toEqual([]);

    expect((await signInBySso(w, 'early@full.example')).session!.status).toBe(200);
  });
});
