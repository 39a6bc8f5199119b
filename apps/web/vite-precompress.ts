import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats. Images and fonts of the web (png, webp, woff2…) are compressed formats already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/** The best either format can do: it is paid once per build, never per request. */
async function compressed(original: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

export async function writeCompressedCopies(path: string): Promise<void> {
  const original = await readFile(path);
  const { br, gz } = await compressed(original);
  // A copy that saves nothing is left out: the server then sends the file itself.
  await Promise.all([br.length < original.length ? writeFile(`${path}.br`, br) : null, gz.length < original.length ? writeFile(`${path}.gz`, gz) : null]);
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
 * beside every text file of the build, index.html included. The console
 * serves them by the request's Accept-Encoding (@fastify/static's
 * `preCompressed`), so the browser gets the smallest copy and the server
 * compresses no file at run time. Runs once the bundle is on disk; the
 * compressions run on libuv's thread pool, side by side.
 */
export function precompress(): Plugin {
  return {
    name: 'console:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => writeCompressedCopies(join(dir, name))));
    },
  };
}
