import type { JobDefinition, Schedule } from '../../platform/job-types';
import { mfaRepo } from './mfa.repo';

export const MFA_PURGE_QUEUE = 'mfa-challenge-purge';
/** Once an hour across every console process (the schedules' one claim per slot). */
export const MFA_PURGE_SECONDS = 3600;
/**
 * An ended sign-in step is kept a day before it goes: a late second step with its token is
 * still recorded in its member's trail (the token names them), and then nothing needs it.
 */
export const ENDED_CHALLENGE_KEEP_MS = 24 * 60 * 60_000;

/** Forgets the pending sign-in steps (mfa_challenges) and WebAuthn challenges that ended over a day ago. */
export const mfaPurgeJob: JobDefinition = {
  queue: MFA_PURGE_QUEUE,
  queueOptions: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 3600 },
  handle: async (ctx) => {
    const purged = await mfaRepo(ctx.db).purgeChallenges(new Date(ctx.clock.now().getTime() - ENDED_CHALLENGE_KEEP_MS));
    if (purged.signIns || purged.webauthn) ctx.logger.info(purged, 'ended sign-in challenges purged');
  },
};

export const mfaPurgeSchedule: Schedule = { queue: MFA_PURGE_QUEUE, everySeconds: MFA_PURGE_SECONDS };
