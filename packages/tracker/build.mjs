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
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
export const DIST = join(root, 'dist');
const { version, name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

export async function buildTracker() {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  const common = { bundle: true, minify: true, target: 'es2019', define: { __TRACKER_VERSION__: JSON.stringify(version) }, legalComments: 'none', logLevel: 'warning' };
  await build({ ...common, entryPoints: [join(root, 'src/browser.ts')], format: 'iife', outfile: join(DIST, 'tracker.js') });
  await build({ ...common, entryPoints: [join(root, 'src/index.ts')], format: 'esm', outfile: join(DIST, 'tracker.mjs') });
  const tsc = join(root, '../../node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  const packed = execFileSync('npm', ['pack', '--pack-destination', DIST, '--silent'], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  renameSync(join(DIST, packed), join(DIST, 'tracker.tgz'));
  return { version, name, dist: DIST };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildTracker();
