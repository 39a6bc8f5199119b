import { and, eq, isNull } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AUTH_MESSAGES, FRESH_PROOF_MS, MFA_MESSAGES, WEBAUTHN_MESSAGES, type ReauthInput } from '@replay/contracts';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { RATE_RULES, rateKeys, rateLimiter } from '../../lib/rate-limit';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password-hash';
import type { MfaService } from './mfa.service';
import type { WebauthnService } from './webauthn.service';
import type { Clock } from '../../lib/time';

/**
 * Fresh proof: a stolen session (a tab left open, a copied token) must not mint an API key
 * or change the second factor. Those calls need the password or a second-factor code from
 * the last 5 minutes in this session (signing in counts); otherwise they answer 403
 * `fresh_proof_required` and the SPA asks, then calls again. The spec's own confirmations
 * (typing TERMINATE…) are unrelated and unchanged.
 */
export function createFreshProofService(deps: { db: Db; clock: Clock; mfa: Pick<MfaService, 'verifyCode'>; webauthn: Pick<WebauthnService, 'proveWithKey'> }) {
  const limits = rateLimiter(deps);

  async function provenAtOf(sessionId: string): Promise<Date | null> {
    const [row] = await deps.db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, sessionId));
    return row?.provenAt ?? null;
  }

  async function passwordIsRight(p: Principal, password: string): Promise<boolean> {
    // Counted before the check, with the password change's counter: one budget of guesses per stolen session.
    const key = rateKeys.passwordChange(p.userId);
    await limits.hit([{ key, rule: RATE_RULES.passwordChange }], AUTH_MESSAGES.tooManyAttempts);
    const [row] = await deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, p.userId), eq(users.tenantId, p.tenantId), isNull(users.deletedAt)));
    const ok = row?.hash ? await verifyPassword(row.hash, password) : await verifyAgainstDummy(password);
    if (ok) await limits.clear(key);
    return ok;
  }

  async function proofIsRight(p: Principal, input: ReauthInput, ip: string): Promise<boolean> {
    if (input.password !== undefined) return passwordIsRight(p, input.password);
    // The browser's JSON as the contract checked it: the library reads the same fields.
    if (input.webauthn !== undefined) return deps.webauthn.proveWithKey(p, input.webauthn as unknown as AuthenticationResponseJSON, ip);
    return deps.mfa.verifyCode(p.userId, input.code ?? '', ip);
  }

  return {
    /** Refuses the call unless this session proved who it is within the last 5 minutes. */
    async require(p: Principal): Promise<void> {
      if (!p.sessionId || p.apiKey) throw forbidden();
      const provenAt = await provenAtOf(p.sessionId);
      if (!provenAt || deps.clock.now().getTime() - provenAt.getTime() > FRESH_PROOF_MS) {
        throw new AppError('fresh_proof_required', [MFA_MESSAGES.freshProofRequired]);
      }
    },

    /** The password, a second-factor code or a passkey's assertion marks this session freshly proven. */
    async prove(p: Principal, input: ReauthInput, ip: string): Promise<{ provenUntil: number }> {
      if (!p.sessionId) throw forbidden();
      if (!(await proofIsRight(p, input, ip))) throw badRequest(input.webauthn !== undefined ? WEBAUTHN_MESSAGES.notVerified : MFA_MESSAGES.wrongProof);
      const now = deps.clock.now();
      await deps.db.update(sessions).set({ provenAt: now }).where(eq(sessions.id, p.sessionId));
      return { provenUntil: now.getTime() + FRESH_PROOF_MS };
    },
  };
}

export type FreshProofService = ReturnType<typeof createFreshProofService>;
