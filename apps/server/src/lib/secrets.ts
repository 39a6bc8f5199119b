import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config/env';

/**
 * The token signing key: the operator's JWT_SECRET, else (embedded mode only)
 * one generated on first start and kept in the data folder, so tokens stay
 * valid across restarts. A server on PostgreSQL may run as several processes,
 * which must share the key, so there it is required.
 */
export function loadSecrets(env: Env): { jwtSecret: Uint8Array } {
  if (env.JWT_SECRET) return { jwtSecret: new TextEncoder().encode(env.JWT_SECRET) };
  if (!env.embedded) throw new Error('JWT_SECRET is required when DATABASE_URL is set (every console process must share it).');
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = join(env.DATA_DIR, 'secrets.json');
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify({ jwtSecret: randomBytes(48).toString('base64url') }), { mode: 0o600, flag: 'wx' });
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string };
  return { jwtSecret: new TextEncoder().encode(stored.jwtSecret) };
}
