/**
 * Builds the replay screen's browser part (`npm run build -w apps/agent`, and the root
 * `npm run build`): src/replay-ui/browser/player.ts with rrweb-player inside, into
 * dist/replay-ui/player.js (one minified ES module) and player.css (rrweb-player's styles and
 * ours). The agent serves both at addresses named by their content's hash (replay-ui/assets.ts).
 * Exported as buildReplayUi() for tests and the bench that need the files.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REPLAY_UI_DIST = join(root, 'dist/replay-ui');
const SOURCES = join(root, 'src/replay-ui/browser');

export async function buildReplayUi() {
  await build({
    entryPoints: [join(SOURCES, 'player.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    outdir: REPLAY_UI_DIST,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return REPLAY_UI_DIST;
}

/** The newest change among what the build reads: the browser sources, this script, the lock file (rrweb-player's version). */
function newestInput() {
  const inputs = [fileURLToPath(import.meta.url), join(root, '../../package-lock.json'), ...readdirSync(SOURCES).map((n) => join(SOURCES, n))];
  return Math.max(...inputs.map((f) => statSync(f).mtimeMs));
}

let ensured = null;
/** For tests: builds only when the output is missing or older than an input, once per process. */
export function ensureReplayUiBuilt() {
  const js = join(REPLAY_UI_DIST, 'player.js');
  ensured ??= existsSync(js) && statSync(js).mtimeMs >= newestInput() ? Promise.resolve(REPLAY_UI_DIST) : buildReplayUi();
  return ensured;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildReplayUi();
