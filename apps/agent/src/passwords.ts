import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The instance's password users, in users.json of the data folder (mode 0600,
 * written beside and renamed over), keyed by lower-cased email. Only scrypt
 * hashes are kept, each with its own salt and its parameters, so stronger
 * parameters later do not invalidate the passwords already set.
 */

const USERS_FILE = 'users.json';
export const MIN_PASSWORD_LENGTH = 12;
/** scrypt reads the whole password: a cap keeps a huge one from costing more than a normal sign-in. */
export const MAX_PASSWORD_LENGTH = 1024;
const KEY_LENGTH = 64;
const PARAMS = { N: 16384, r: 8, p: 1 };

interface StoredUser {
  /** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
  hash: string;
  /** The name the user had when they set the password (from the console or the IdP), shown once they sign in with it. */
  name?: string;
  updatedAt: number;
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key))));
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function matches(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const wanted = Buffer.from(hash, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export const emailKey = (email: string): string => email.trim().toLowerCase();

export class PasswordStore {
  private readonly file: string;
  private users: Record<string, StoredUser> | null = null;
  /** Hashed once, for unknown emails: they cost what a known one does, so timing does not tell which emails have a password. */
  private decoy: Promise<string> | null = null;

  constructor(dataDir: string) {
    this.file = join(dataDir, USERS_FILE);
  }

  /** Read on first use, not at start: most instances never have a password user. */
  private load(): Record<string, StoredUser> {
    if (this.users) return this.users;
    try {
      this.users = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, StoredUser>;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      this.users = {};
    }
    return this.users;
  }

  async setPassword(email: string, password: string, nowMs: number, name?: string): Promise<void> {
    const hash = await hashPassword(password);
    const users = { ...this.load(), [emailKey(email)]: { hash, name, updatedAt: nowMs } };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(users, null, 2), { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
    this.users = users;
  }

  /** The user whose password `password` is, with the name they had; null for a wrong email or password. */
  async verify(email: string, password: string): Promise<{ email: string; name?: string } | null> {
    if (password.length > MAX_PASSWORD_LENGTH) return null;
    const key = emailKey(email);
    const user = Object.hasOwn(this.load(), key) ? this.load()[key] : undefined;
    if (!user) {
      this.decoy ??= hashPassword(randomBytes(16).toString('hex'));
      await matches(password, await this.decoy);
      return null;
    }
    return (await matches(password, user.hash)) ? { email: key, name: user.name } : null;
  }
}

/**
 * Failed password sign-ins per client address in a sliding window: past the
 * limit the address is refused until its oldest failure leaves the window.
 * Counted in memory: a restart forgets, which costs an attacker a restart per
 * window, and the addresses are capped so a flood cannot grow the map.
 */
export class SigninFailures {
  private readonly failures = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  /** Addresses remembered at most, so a flood from many addresses cannot grow the map. */
  private readonly maxClients = 10_000;

  constructor(limit = 10, windowMs = 15 * 60 * 1000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Milliseconds until `client` may try again; 0 when it may now. */
  retryAfterMs(client: string, nowMs: number): number {
    const recent = this.recent(client, nowMs);
    return recent.length < this.limit ? 0 : (recent[0] ?? nowMs) + this.windowMs - nowMs;
  }

  fail(client: string, nowMs: number): void {
    const recent = this.recent(client, nowMs);
    this.failures.delete(client);
    // Oldest first in the map's order, so the first key is the one to drop when full.
    if (this.failures.size >= this.maxClients) this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(client, [...recent, nowMs]);
  }

  private recent(client: string, nowMs: number): number[] {
    return (this.failures.get(client) ?? []).filter((at) => at > nowMs - this.windowMs);
  }
}
