import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@replay/contracts';
import { hashToken } from '../../lib/ids';

/** One code step either side of now is accepted: a phone's clock a little off, a code typed as it turned. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrlOf = (issuer: string, email: string, secret: string): string => generateURI({ issuer, label: email, secret });

/** The time step of `code` when it is right for `secret` at `now` and later than `afterStep`; null otherwise. */
export async function totpStepOf(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten codes of 50 random bits each, written `xxxxx-xxxxx` (Crockford base32: no i, l, o, u). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => CROCKFORD[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The hash a recovery code is kept and found by: case, spaces and dashes as typed do not matter. */
export const recoveryCodeHash = (code: string): string => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
