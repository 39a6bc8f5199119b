import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { unwrap } from '@replay/client';
import { MAX_SOURCE_MAP_CHARS } from '@replay/contracts';
import type { Command } from 'commander';
import { contextOf } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printTable, type Io } from '../io';

const PATH = '/api/managed-saas/instances/{id}/source-maps';

/**
 * `replay sourcemaps upload|list`: the source maps that resolve an instance's JavaScript errors'
 * stack traces, through the console, which hands them to the instance (the instance keeps them and
 * resolves the frames). One map is for one minified file of one release: `--url` is that file's
 * address; with several maps it ends in `/` and each map's file is its name without `.map` under it.
 */
export function registerSourceMaps(program: Command, io: Io): void {
  const maps = program.command('sourcemaps').description("source maps that resolve an instance's JavaScript error stack traces");

  maps
    .command('upload')
    .description('upload source maps (v3) of one release; a new upload of the same file replaces the old one')
    .argument('<file.map...>', 'the source map files')
    .requiredOption('--instance <id>', 'the instance id')
    .requiredOption('--release <release>', 'the release the maps belong to, as the tracker reports it')
    .requiredOption('--url <fileUrl>', "the minified file's URL; with several maps, a URL ending in / under which each map's file lies")
    .option('--project <siteId>', "the instance's project (default: its default project)")
    .action(async (files: string[], opts: { instance: string; release: string; url: string; project?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const uploads = await Promise.all(files.map(async (file) => ({ file, fileUrl: fileUrlOf(opts.url, file, files.length), map: await readMap(file) })));
      const uploaded = [];
      for (const { file, fileUrl, map } of uploads) {
        const info = await unwrap(ctx.client().POST(PATH, { params: { path: { id: opts.instance }, query: { siteId: opts.project } }, body: { release: opts.release, fileUrl, map } }));
        uploaded.push({ file, ...info });
        if (!ctx.json) io.out(`Uploaded ${file} for ${fileUrl} (release ${info.release}, ${info.bytes} bytes).\n`);
      }
      if (ctx.json) printJson(io, { sourceMaps: uploaded });
    });

  maps
    .command('list')
    .description("the instance's source maps, newest first, without their text")
    .requiredOption('--instance <id>', 'the instance id')
    .option('--project <siteId>', "the instance's project (default: its default project)")
    .action(async (opts: { instance: string; project?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const list = await unwrap(ctx.client().GET(PATH, { params: { path: { id: opts.instance }, query: { siteId: opts.project } } }));
      if (ctx.json) return printJson(io, list);
      printTable(
        io,
        [
          ['ID', (m) => m.id],
          ['RELEASE', (m) => m.release],
          ['FILE URL', (m) => m.fileUrl],
          ['BYTES', (m) => m.bytes],
          ['UPLOADED', (m) => isoTime(m.uploadedAt)],
        ],
        list.sourceMaps,
        'No source maps.',
      );
    });
}

/** The minified file a map is for: `--url` itself for one map, else the map's name without `.map` under `--url` (which then ends in /). */
export function fileUrlOf(url: string, file: string, count: number): string {
  if (!/^https?:\/\//i.test(url)) throw new CliError('--url must be the http(s) URL of the minified file.', EXIT.usage);
  if (count > 1 && !url.endsWith('/')) throw new CliError('With several maps, --url must end in / : each map is for its own file under it.', EXIT.usage);
  if (!url.endsWith('/')) return url;
  const name = basename(file);
  if (!name.endsWith('.map')) throw new CliError(`${file}: with a --url ending in /, a map's name must be its file's name followed by .map.`, EXIT.usage);
  return `${url}${encodeURIComponent(name.slice(0, -'.map'.length))}`;
}

async function readMap(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`, EXIT.usage);
  }
  if (text.length > MAX_SOURCE_MAP_CHARS) throw new CliError(`${file} has ${text.length} characters: a source map may be at most ${MAX_SOURCE_MAP_CHARS}.`, EXIT.usage);
  return text;
}
