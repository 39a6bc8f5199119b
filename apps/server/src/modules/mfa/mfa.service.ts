import { MFA_MESSAGES, type MfaChallenge, type MfaStatus, type TotpEnrolment } from '@replay/contracts';
import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import type { Principal } from '../../lib/principal';
import { MINUTE_MS } from '../../lib/rate-limit';
import { knownUser, secondFactorThrottle } from './attempt-throttle';
import { signInStep } from './sign-in-step';
import { deriveSealKey, seal, type SealKey } from '../../lib/seal';
import { mfaRepo } from './mfa.repo';
import { newTotpSecret, otpauthUrlOf, totpStepOf } from './totp';
import { acceptSecondFactorCode, issueRecoveryCodesIfNoneLeft, totpSecretOf } from './mfa.codes';
import type { Clock } from '../../lib/time';

/** The second step of a sign-in must follow the first within this time. */
export const MFA_CHALLENGE_TTL_MS = 5 * MINUTE_MS;

export const totpSealKey = (jwtSecret: Uint8Array): SealKey => deriveSealKey(jwtSecret, 'totp-secret-seal-v1');

export interface MfaDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  /** The issuer authenticator apps show beside the code. */
  issuer: string;
}

/**
 * Two-factor sign-in: a member's TOTP authenticator and recovery codes, and the second
 * step of their sign-ins. Codes are throttled as passwords are (counted before the check,
 * per address and per member and address); a TOTP code is accepted once.
 */
export function createMfaService(deps: MfaDeps) {
  const repo = mfaRepo(deps.db);

  const throttled = secondFactorThrottle(deps);
  const completeSignIn = signInStep(deps);

  const secretOf = (userId: string) => totpSecretOf(deps, userId);
  const acceptCode = (userId: string, code: string) => acceptSecondFactorCode(deps, userId, code);
  const issueRecoveryCodesIfNone = (userId: string) => issueRecoveryCodesIfNoneLeft(deps, userId);

  function assertMayChangePolicy(p: Principal): void {
    if (!p.admin && !p.superAdmin) throw forbidden(MFA_MESSAGES.policyAdminOnly);
  }

  return {
    async status(principal: Principal): Promise<MfaStatus> {
      return { totp: await repo.hasConfirmedTotp(principal.userId), recoveryCodesLeft: await repo.recoveryCodesLeft(principal.userId) };
    },

    /** A code (TOTP or recovery) of a signed-in member, throttled as at sign-in: a fresh proof of identity. */
    async verifyCode(userId: string, code: string, ip: string): Promise<boolean> {
      return (await throttled(ip, knownUser(userId), async () => ((await acceptCode(userId, code)) ? true : null))) === true;
    },

    async hasSecondFactor(userId: string): Promise<boolean> {
      return repo.hasSecondFactor(userId);
    },

    issueRecoveryCodesIfNone,

    /** A new secret, unconfirmed until its first code; the only time it is answered. */
    async startTotp(principal: Principal): Promise<TotpEnrolment> {
      const secret = newTotpSecret();
      const stored = await repo.putPendingTotp(principal.userId, seal(deps.sealKey, secret, principal.userId), deps.clock.now());
      if (!stored) throw conflict(MFA_MESSAGES.alreadyEnabled);
      return { secret, otpauthUrl: otpauthUrlOf(deps.issuer, principal.email, secret) };
    },

    /** The first right code confirms the authenticator; the recovery codes, if it is the first factor, are answered this once (else none). */
    async confirmTotp(principal: Principal, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
      const pending = await secretOf(principal.userId);
      if (!pending) throw badRequest(MFA_MESSAGES.noEnrolment);
      if (pending.confirmed) throw conflict(MFA_MESSAGES.alreadyEnabled);
      const now = deps.clock.now();
      const confirmed = await throttled(ip, knownUser(principal.userId), async () => {
        const step = await totpStepOf(pending.secret, code, now, pending.lastUsedStep);
        return step !== null && (await repo.claimStep(principal.userId, step, now)) ? true : null;
      });
      if (!confirmed) throw badRequest(MFA_MESSAGES.invalidCode);
      return { recoveryCodes: (await issueRecoveryCodesIfNone(principal.userId)) ?? [] };
    },

    /** Only an admin changes the account's rule (asked before the fresh proof that turning it off needs). */
    assertMayChangePolicy,

    /** The account's rule; an admin who turns it on must hold a factor first, or the rule would lock them into the set-up. */
    async setPolicy(p: Principal, required: boolean): Promise<{ required: boolean }> {
      assertMayChangePolicy(p);
      if (required && !(await repo.hasSecondFactor(p.userId))) throw conflict(MFA_MESSAGES.policyNeedsOwnFactor);
      await deps.db.update(tenants).set({ mfaRequired: required }).where(eq(tenants.id, p.tenantId));
      return { required };
    },

    /** A member's lost factor, removed by someone who may act on them (the route checks who). */
    async resetFor(userId: string): Promise<void> {
      if (!(await repo.removeAll(userId))) throw conflict(MFA_MESSAGES.notEnabled);
    },

    async removeTotp(principal: Principal): Promise<void> {
      if (!(await repo.removeTotp(principal.userId))) throw conflict(MFA_MESSAGES.notEnabled);
    },

    /** After a right password: the token the second step must bring, bound to this user. */
    async challenge(principal: Principal): Promise<MfaChallenge> {
      const now = deps.clock.now();
      const mfaToken = newSecretToken();
      await repo.insertChallenge({
        id: newId(),
        userId: principal.userId,
        tokenHash: hashToken(mfaToken),
        expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS),
        createdAt: now,
      });
      return { mfaRequired: true, mfaToken, ...((await repo.hasPasskey(principal.userId)) && { passkey: true as const }) };
    },

    /** The second step: a live challenge and a right code (TOTP or recovery) sign the member in, once. */
    async completeLogin(mfaToken: string, code: string, ip: string): Promise<Principal> {
      return completeSignIn(mfaToken, ip, (step) => acceptCode(step.userId, code), MFA_MESSAGES.invalidCode);
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
