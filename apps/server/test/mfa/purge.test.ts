import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { mfaChallenges, webauthnChallenges } from '../../src/db/schema';
import { workOf } from '../../src/jobs/workers';
import { serverModules } from '../../src/modules';
import { newId } from '../../src/lib/ids';
import { ENDED_CHALLENGE_KEEP_MS, MFA_PURGE_QUEUE, mfaPurgeJob, mfaPurgeSchedule } from '../../src/modules/mfa/mfa.jobs';
import { createTestApp, type TestApp } from '../support/app';
import { signup } from '../support/auth';

const { jobDefinitions, schedules } = workOf(serverModules);

/** The pending sign-in steps and WebAuthn challenges that ended go on a schedule, once per slot across processes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the purge of ended sign-in challenges', () => {
  it('forgets the challenges that ended over a day ago, keeps the recent and the live ones', async () => {
    const owner = await signup(t);
    const db = t.runtime.ctx.db;
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const ages = { old: at(-ENDED_CHALLENGE_KEEP_MS - 60_000), recent: at(-60_000), live: at(5 * 60_000) };
    const ids: Record<string, string> = {};
    for (const [name, expiresAt] of Object.entries(ages)) {
      ids[name] = newId();
      await db.insert(mfaChallenges).values({ id: ids[name]!, userId: owner.user.userId, tokenHash: `purge-${ids[name]}`, expiresAt, createdAt: at(-ENDED_CHALLENGE_KEEP_MS * 2) });
      await db.insert(webauthnChallenges).values({ id: ids[name]!, userId: owner.user.userId, purpose: 'sign-in', boundTo: ids[name]!, challenge: `purge-${ids[name]}`, expiresAt });
    }

    await mfaPurgeJob.handle(t.runtime.ctx, {}, { retryCount: 0, retryLimit: 0 }, t.runtime.services);

    const left = await db
      .select({ id: mfaChallenges.id })
      .from(mfaChallenges)
      .where(inArray(mfaChallenges.id, Object.values(ids)));
    expect(left.map((r) => r.id).sort()).toEqual([ids.recent, ids.live].sort());
    const leftKeys = await db.select({ id: webauthnChallenges.id }).from(webauthnChallenges).where(eq(webauthnChallenges.userId, owner.user.userId));
    expect(leftKeys.map((r) => r.id).sort()).toEqual([ids.recent, ids.live].sort());
  });

  // Offered by every process and sent once per slot by the schedules' one claim (monitoring/schedule.test.ts proves the claim across two processes).
  it('is one of the schedules, with its job', () => {
    expect(schedules).toContain(mfaPurgeSchedule);
    expect(jobDefinitions).toContain(mfaPurgeJob);
    expect(mfaPurgeSchedule.queue).toBe(MFA_PURGE_QUEUE);
  });
});
