import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * The package declares Algorithm as an ambient const enum, which isolated
 * modules cannot read, so the value (Argon2id = 2) is spelled here.
 */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane (~7 ms a hash here). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * Burns the same time as a real check, so that an unknown email answers no
 * faster than a wrong password and timing does not tell which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy password that no account has');
  await verifyPassword(await dummy, password);
  return false;
}
