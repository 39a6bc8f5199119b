import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SsoStatus } from '@replay/agent-protocol';

/**
 * What SSO keeps between requests on the agent's side: the last passed 'Test sign-in' (on disk).
 * The requests it issued, sign-ins and sign-outs, are kept in the browsers that started them
 * (sso-requests.ts), so there is no shared store of them for a flood to fill.
 */

/** How long the IdP has to answer: a person may take a while at its sign-in page, not hours. */
export const REQUEST_TTL_MS = 10 * 60 * 1000;

const STATUS_FILE = 'sso-status.json';
const NO_STATUS: SsoStatus = { testedFingerprint: null, testedAt: null, testedNameId: null };

/** The last passed 'Test sign-in', in sso-status.json of the data folder: the console's rule on enforcing SSO reads it across restarts. */
export function readSsoStatus(dataDir: string): SsoStatus {
  try {
    const saved = JSON.parse(readFileSync(join(dataDir, STATUS_FILE), 'utf8')) as Partial<SsoStatus>;
    return { ...NO_STATUS, ...saved };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ...NO_STATUS };
    throw e;
  }
}

/** Written beside and renamed over, so a crash mid-write never leaves half a file. */
export function saveSsoStatus(dataDir: string, status: SsoStatus): void {
  const file = join(dataDir, STATUS_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(status, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}
