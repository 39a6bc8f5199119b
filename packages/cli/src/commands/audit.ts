import { readFileSync, writeFileSync } from 'node:fs';
import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { verifyAuditExport } from '../audit-verify';
import { contextOf, type Ctx } from '../context';
import { parseMoment } from '../durations';
import { CliError, EXIT } from '../exit-codes';
import { printJson, type Io } from '../io';

/** The trail's largest page. */
const PAGE_SIZE = 100;

/** `replay audit export|verify`. */
export function registerAudit(program: Command, io: Io): void {
  const audit = program.command('audit').description("the account's audit trail");

  audit
    .command('export')
    .description('write the audit trail as JSON Lines, oldest first (to standard output, or --output)')
    .option('--since <when>', 'from: a date, or a duration ago such as 30d', '7d')
    .option('--until <when>', 'to: a date, or a duration ago (default: now)')
    .option('--output <file>', 'write to this file (created readable by you only)')
    .action(async (opts: { since: string; until?: string; output?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const now = io.now();
      const start = parseMoment(opts.since, '--since', now, 'ago');
      const end = opts.until ? parseMoment(opts.until, '--until', now, 'ago') : now;
      if (start > end) throw new CliError('--since must be before --until.', EXIT.usage);
      const entries = await trailBetween(ctx, start, end);
      const lines = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
      if (opts.output) {
        writeFileSync(opts.output, lines, { mode: 0o600 });
        if (ctx.json) return printJson(io, { file: opts.output, entries: entries.length, start, end });
        io.out(`Wrote ${entries.length} audit entries to ${opts.output}.\n`);
      } else if (ctx.json) {
        printJson(io, { entries, start, end });
      } else {
        io.out(lines);
      }
    });

  audit
    .command('verify')
    .description('check an exported audit trail file')
    .argument('<file>', 'the file `replay audit export` wrote')
    .action((file: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`, EXIT.usage);
      }
      const result = verifyAuditExport(text);
      if (ctx.json) printJson(io, { file, ...result });
      else if (result.ok) io.out(`${file}: ${result.entries} entries, verified.\n`);
      else io.out(`${file}: verification failed.\n${result.problems.map((p) => `  ${p}\n`).join('')}`);
      if (!result.ok) throw new CliError(`${file} did not verify.`, EXIT.failed);
    });
}

/** Every entry of the period, page by page (the trail answers newest first), returned oldest first. */
async function trailBetween(ctx: Ctx, start: number, end: number) {
  type Entry = Awaited<ReturnType<typeof trailPage>>['sessions'][number];
  const entries: Entry[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await trailPage(ctx, start, end, page);
    entries.push(...answer.sessions);
    if (answer.sessions.length < PAGE_SIZE || entries.length >= answer.count) break;
  }
  return entries.reverse();
}

function trailPage(ctx: Ctx, start: number, end: number, page: number) {
  return unwrap(ctx.client().POST('/api/trails', { body: { page, limit: PAGE_SIZE, period: { start, end } } }));
}
