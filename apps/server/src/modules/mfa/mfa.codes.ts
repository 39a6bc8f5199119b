import { newId } from '../../lib/ids';
import type { Db } from '../../db/client';
import { openSealed, type SealKey } from '../../lib/seal';
import { mfaRepo } from './mfa.repo';
import { newRecoveryCodes, recoveryCodeHash, totpStepOf } from './totp';
import type { Clock } from '../../lib/time';

interface CodeDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
}

/** Recovery codes as they are kept: a new row id and the code's hash, never the code. */
const hashedCodes = (codes: readonly string[]) => codes.map((c) => ({ id: newId(), codeHash: recoveryCodeHash(c) }));

/** The member's authenticator secret, unsealed, with whether it is confirmed and its last step used. */
export async function totpSecretOf(deps: CodeDeps, userId: string) {
  const row = await mfaRepo(deps.db).totpOf(userId);
  const secret = row && openSealed(deps.sealKey, row.secretSealed, userId);
  return row && secret ? { secret, confirmed: row.confirmedAt !== null, lastUsedStep: row.lastUsedStep } : null;
}

/** A TOTP code accepted once (its step is claimed), else a recovery code spent. */
export async function acceptSecondFactorCode(deps: CodeDeps, userId: string, code: string): Promise<boolean> {
  const repo = mfaRepo(deps.db);
  const now = deps.clock.now();
  const totp = await totpSecretOf(deps, userId);
  if (totp?.confirmed) {
    const step = await totpStepOf(totp.secret, code, now, totp.lastUsedStep);
    if (step !== null) return repo.claimStep(userId, step, now);
  }
  return repo.spendRecoveryCode(userId, recoveryCodeHash(code), now);
}

/**
 * Recovery codes for a member whose first second factor (of any kind) was just confirmed:
 * new ones when none are left unused, answered this once; null when they still have some.
 */
export async function issueRecoveryCodesIfNoneLeft(deps: CodeDeps, userId: string): Promise<string[] | null> {
  const repo = mfaRepo(deps.db);
  if ((await repo.recoveryCodesLeft(userId)) > 0) return null;
  const recoveryCodes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(userId, hashedCodes(recoveryCodes), deps.clock.now());
  return recoveryCodes;
}
