import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds the embedded database, the signing key, each
 * instance's secret and its recorded sessions: they are this user's only.
 * Console and agent processes run with umask 077 (their main.ts), so what
 * they create is 0600/0700 already; these fix what was made otherwise.
 */

/** Permission bits for the group and for others. */
const GROUP_OTHER = 0o077;

function chmodOwnerOnly(path: string, stat: Stats): void {
  if (stat.mode & GROUP_OTHER) chmodSync(path, stat.mode & 0o700);
}

/**
 * Takes group and other bits off `path` and everything under it. Symbolic
 * links are not followed (their own mode means nothing); an entry that
 * disappears meanwhile (an agent still running) is skipped.
 */
export function restrictToOwner(path: string): void {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (stat.isSymbolicLink()) return;
  chmodOwnerOnly(path, stat);
  if (stat.isDirectory()) for (const name of readdirSync(path)) restrictToOwner(join(path, name));
}

/**
 * Creates the data folder 0700, or makes an existing one 0700. A folder that
 * was open to others (made before this rule, or by hand) has every entry in
 * it fixed too; one that is 0700 already is not walked, since nobody else can
 * reach anything inside it, and starting stays cheap with large instance data.
 */
export function preparePrivateDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  if (!(stat.mode & GROUP_OTHER)) return;
  chmodOwnerOnly(dir, stat);
  for (const name of readdirSync(dir)) restrictToOwner(join(dir, name));
}
