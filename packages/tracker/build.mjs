/**
 * Builds the tracker (`npm run build -w packages/tracker`, and the root `npm run build`):
 * - dist/tracker.js: one minified browser script (IIFE) that sets `window.ReplayTracker`;
 * - dist/tracker.mjs: the ESM entry npm users import, rrweb inside (the package has no
 *   runtime dependencies, so it installs from its tarball alone);
 * - dist/types/: the declarations;
 * - dist/tracker.tgz: `npm pack` of the package, which the instance serves to npm users.
 * Exported as buildTracker() for tests that need the files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { rrwebPatches } from './rrweb-patch.mjs';

const root = dirname(fileURLToPath(import.meta.url));
export const DIST = join(root, 'dist');
const { version, name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

export async function buildTracker() {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const common = { bundle: true, minify: true, target: 'es2019', define: { __TRACKER_VERSION__: JSON.stringify(version) }, legalComments: 'none', logLevel: 'warning', plugins: [rrwebPatches] };
  await build({ ...common, entryPoints: [join(root, 'src/browser.ts')], format: 'iife', outfile: join(DIST, 'tracker.js') });
  await build({ ...common, entryPoints: [join(root, 'src/index.ts')], format: 'esm', outfile: join(DIST, 'tracker.mjs') });
  const tsc = join(root, '../../node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  const packed = execFileSync('npm', ['pack', '--pack-destination', DIST, '--silent'], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  renameSync(join(DIST, packed), join(DIST, 'tracker.tgz'));
  return { version, name, dist: DIST };
}

/** The newest change among what the build reads: the sources, the package, this script, the lock file (rrweb's version). */
function newestInput() {
  const inputs = [join(root, 'package.json'), join(root, 'build.mjs'), join(root, 'rrweb-patch.mjs'), join(root, 'tsconfig.build.json'), join(root, '../../package-lock.json')];
  for (const name of readdirSync(join(root, 'src'))) inputs.push(join(root, 'src', name));
  return Math.max(...inputs.map((f) => statSync(f).mtimeMs));
}

let ensured = null;
/**
 * For tests (vitest's globalSetup, which may run once per project in one process): builds only
 * when dist/ is missing or older than an input, once per process, so two projects never rebuild
 * the folder under each other.
 */
export function ensureTrackerBuilt() {
  const tarball = join(DIST, 'tracker.tgz');
  ensured ??= existsSync(tarball) && statSync(tarball).mtimeMs >= newestInput() ? Promise.resolve({ version, name, dist: DIST }) : buildTracker();
  return ensured;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildTracker();
