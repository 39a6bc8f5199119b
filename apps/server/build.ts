/**
 * The console's server as one ES module, for processes that start many consoles (the e2e
 * project): `node --import tsx apps/server/src/main.ts` spends ~7 s of CPU loading and
 * transpiling ~560 source files on every start; the bundle loads in ~3 s (figures in
 * docs/decisions/testing.md). `npm start` still runs the sources through tsx.
 *
 * What the bundle holds: this repository's TypeScript (the server and the workspace packages,
 * which ship as sources), and BUNDLED_PACKAGES. Other npm packages stay outside it and are loaded as they are, so the
 * bundle must sit inside this checkout (node resolves them from its folder upwards).
 *
 * Files the server finds next to its sources (the migrations folder, the web build, the agent's
 * entry point) are found through each module's own `import.meta.url`: each module keeps the
 * address of its source file, so every path resolves as it does from the sources.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = join(root, 'apps/server/src/main.ts');

/**
 * npm packages bundled all the same: the server loads 112 of drizzle-orm's ES modules, and for each
 * node looked up the package scope and read its 179 kB package.json (the exports map) again: 2.2 s
 * of a 13.6 s profile of a console's start (docs/decisions/testing.md). It reads no file of its own.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

/** A bare import of an npm package left outside the bundle (not node's, not this repository's workspace packages). */
const isNpmPackage = (specifier: string) => !specifier.startsWith('node:') && !specifier.startsWith('@replay/') && !BUNDLED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`));

/** A module's text with its own file's address where it asks for it (`import.meta.url`, `.dirname`, `.filename`). */
function withSourceAddress(text: string, file: string): string {
  return text
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(file)))
    .replaceAll('import.meta.filename', JSON.stringify(file));
}

/** Builds the server into `outdir` (inside this checkout); answers the bundle's path. */
export async function buildServerBundle(outdir: string): Promise<string> {
  if (!outdir.startsWith(root)) throw new Error(`the server bundle must sit inside ${root} to find its npm packages, not in ${outdir}`);
  const outfile = join(outdir, 'main.mjs');
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Stack traces in a failing run's log name the source files (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-outside-and-source-addresses',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (isNpmPackage(args.path) ? { path: args.path, external: true } : undefined));
          b.onLoad({ filter: /\.ts$/ }, async (args) => ({ contents: withSourceAddress(await readFile(args.path, 'utf8'), args.path), loader: 'ts' }));
        },
      },
    ],
  });
  return outfile;
}
