import { MFA_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import type { Clock } from '../../lib/time';

/**
 * Counts a second-factor attempt (a code, a passkey's assertion) before anything is looked
 * at, as password attempts are: per address (whoever for; a token that names nobody counts
 * too), then per member and address, then per member from anywhere (so rotating addresses
 * buys no more guesses). A success takes the attempt back, so an office behind one address
 * is not slowed. Codes and passkeys share the counters: one budget of tries.
 */
export function secondFactorThrottle(deps: { db: Db; clock: Clock }) {
  const limits = rateLimiter(deps);
  return async function throttled<T>(ip: string, userOf: () => Promise<string | null>, attempt: (userId: string) => Promise<T | null>): Promise<T | null> {
    const addressKey = rateKeys.mfaCodeFromAddress(ip);
    await limits.hit([{ key: addressKey, rule: RATE_RULES.mfaCodeFromAddress }], MFA_MESSAGES.tooManyCodes);
    const userId = await userOf();
    if (!userId) return null;
    const pairKey = rateKeys.mfaCodeUserFromAddress(userId, ip);
    const memberKey = rateKeys.mfaCodeUser(userId);
    await limits.hit(
      [
        { key: pairKey, rule: RATE_RULES.mfaCodeUserFromAddress },
        { key: memberKey, rule: RATE_RULES.mfaCodeUser },
      ],
      MFA_MESSAGES.tooManyCodes,
    );
    const result = await attempt(userId);
    if (result !== null) {
      await limits.clear(pairKey);
      await limits.undo(memberKey);
      await limits.undo(addressKey);
    }
    return result;
  };
}

/** The member an attempt is for, when the caller already knows them (a signed-in member's fresh proof). */
export const knownUser = (userId: string) => async (): Promise<string> => userId;
