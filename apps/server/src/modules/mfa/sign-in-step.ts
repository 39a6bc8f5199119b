import { MFA_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { hashToken } from '../../lib/ids';
import { loadPrincipal, type Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { secondFactorThrottle } from './attempt-throttle';
import { mfaRepo } from './mfa.repo';
import type { Clock } from '../../lib/time';

/** A live second step of a sign-in, as the check of a code or an assertion needs it. */
export interface LiveSignInStep {
  id: string;
  userId: string;
  tenantId: string;
}

/**
 * The second step of a sign-in, whatever the factor (a code, a passkey's assertion): the
 * challenge a right password opened, throttled as every second-factor attempt is, and spent
 * by its first success. A challenge takes a few tries only (issue 42): each is counted on it
 * before the check, and the failure that reaches the limit ends it, so the person signs in
 * with the password again rather than guessing on.
 */
export function signInStep(deps: { db: Db; clock: Clock }) {
  const repo = mfaRepo(deps.db);
  const limits = rateLimiter(deps);
  const throttled = secondFactorThrottle(deps);

  async function checkWithinTries(step: LiveSignInStep, check: () => Promise<boolean>): Promise<boolean> {
    const rule = RATE_RULES.mfaChallengeTries;
    const { count: tries } = await limits.count(rateKeys.mfaChallengeTries(step.id), rule);
    // Tries racing past the limit are not checked at all.
    if (tries > rule.limit) throw unauthorized(MFA_MESSAGES.challengeExpired);
    if (await check()) return true;
    if (tries === rule.limit) {
      await repo.spendChallenge(step.id, deps.clock.now());
      throw unauthorized(MFA_MESSAGES.challengeEndedAfterFailures);
    }
    return false;
  }

  /** Signs the member in once, or refuses: 401 for no live challenge or a wrong answer (`wrongMessage`), 429 past a limit. */
  return async function complete(mfaToken: string, ip: string, check: (step: LiveSignInStep) => Promise<boolean>, wrongMessage: string): Promise<Principal> {
    const now = deps.clock.now();
    let step: LiveSignInStep | null = null;
    const principal = await throttled(
      ip,
      async () => (step = await repo.liveChallenge(hashToken(mfaToken), now))?.userId ?? null,
      async (userId) => {
        const live = step!;
        return (await checkWithinTries(live, () => check(live))) ? loadPrincipal(deps.db, userId, live.tenantId) : null;
      },
    );
    if (!step) throw unauthorized(MFA_MESSAGES.challengeExpired);
    if (!principal) throw unauthorized(wrongMessage);
    if (!(await repo.spendChallenge((step as LiveSignInStep).id, now))) throw unauthorized(MFA_MESSAGES.challengeExpired);
    return principal;
  };
}
