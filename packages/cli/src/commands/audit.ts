import { readFileSync, writeFileSync } from 'node:fs';
import { verifyAuditExport } from '@replay/audit-chain';
import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf, type Ctx } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { printJson, type Io } from '../io';

const FORMATS = ['jsonl', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** `replay audit export|verify`: the console's chained, signed export, and its check offline. */
export function registerAudit(program: Command, io: Io): void {
  const audit = program.command('audit').description("the account's audit trail");

  audit
    .command('export')
    .description('write the audit trail, chained and signed by the console (to standard output, or --output)')
    .option('--format <format>', 'jsonl or csv', 'jsonl')
    .option('--from <seq>', 'the first record, by its number in the chain (default: the first)')
    .option('--to <seq>', 'the last record (default: the newest)')
    .option('--output <file>', 'write to this file (created readable by you only)')
    .action(async (opts: { format: string; from?: string; to?: string; output?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const format = formatOf(opts.format);
      const query = { format, ...(opts.from && { from: seqOf(opts.from, '--from') }), ...(opts.to && { to: seqOf(opts.to, '--to') }) };
      const text = await unwrap(ctx.client().GET('/api/trails/export', { params: { query }, parseAs: 'text' }));
      if (!opts.output) return void io.out(text);
      writeFileSync(opts.output, text, { mode: 0o600 });
      const head = headOf(text);
      if (ctx.json) return printJson(io, { file: opts.output, format, ...head });
      io.out(`Wrote the audit trail to ${opts.output}${head ? ` (records up to ${head.headSeq}, signed)` : ''}.\n`);
    });

  audit
    .command('verify')
    .description('prove offline that an export is complete and unchanged, or name its first record that is not')
    .argument('<file>', 'the file `replay audit export` wrote (CSV or JSON Lines)')
    .option('--key <file>', "the console's public key (PEM or JWK, from GET /api/audit/signing-key); default: asked of the console")
    .action(async (file: string, opts: { key?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const text = readText(file);
      const key = opts.key ? readText(opts.key) : await publishedKey(ctx);
      const result = verifyAuditExport(text, key);
      if (ctx.json) printJson(io, { file, ...result });
      else if (result.ok) io.out(`${file}: ${result.records} records, complete and unchanged (head ${result.head?.headSeq}, key ${result.head?.keyId}).\n`);
      else io.out(`${file}: verification failed at record ${result.firstBad?.seq}${result.firstBad?.line ? ` (line ${result.firstBad.line})` : ''}: ${result.firstBad?.reason}\n`);
      if (!result.ok) throw new CliError(`${file} did not verify.`, EXIT.failed);
    });
}

function formatOf(value: string): Format {
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new CliError(`--format must be one of ${FORMATS.join(', ')}.`, EXIT.usage);
}

function seqOf(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${flag} must be a record number (1 or more).`, EXIT.usage);
  return n;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`, EXIT.usage);
  }
}

/** The key the console publishes (a public call: no credential is sent). */
async function publishedKey(ctx: Ctx): Promise<string> {
  const answer = await unwrap(ctx.client().GET('/api/audit/signing-key'));
  return answer.publicKeyPem;
}

/** The signed head an export ends with (its last line), for the summary; undefined if none. */
function headOf(text: string): { headSeq: number; keyId: string } | undefined {
  const last = text.trimEnd().split('\n').at(-1) ?? '';
  const json = last.startsWith('#') ? last.slice(last.indexOf('{')) : last;
  try {
    const head = JSON.parse(json) as { headSeq?: unknown; keyId?: unknown };
    return typeof head.headSeq === 'number' && typeof head.keyId === 'string' ? { headSeq: head.headSeq, keyId: head.keyId } : undefined;
  } catch {
    return undefined;
  }
}
