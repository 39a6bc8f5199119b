import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf, type Ctx } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { printJson, printTable, type Io } from '../io';

const PATH = '/api/managed-saas/instances/{id}/access-list';

type AccessList = Awaited<ReturnType<typeof readList>>;
const readList = (ctx: Ctx, id: string) => unwrap(ctx.client().GET(PATH, { params: { path: { id } } }));

function printList(ctx: Ctx, list: AccessList): void {
  if (ctx.json) return printJson(ctx.io, list);
  printTable(
    ctx.io,
    [
      ['ADDRESS', (e) => e.address],
      ['COMMENT', (e) => e.comment],
    ],
    list.entries,
    'Open to every address.',
  );
  if (list.pending) ctx.io.out('Being applied to the instance.\n');
}

/** `ADDRESS` or `ADDRESS=COMMENT`, as typed on the command line; the console checks the address. */
const entryOf = (text: string) => {
  const at = text.indexOf('=');
  return at === -1 ? { address: text } : { address: text.slice(0, at), comment: text.slice(at + 1) };
};

/** `replay access-list show|set|check`: who may reach an instance by network address. */
export function registerAccessList(program: Command, io: Io): void {
  const access = program.command('access-list').description("an instance's network access list: the addresses and ranges that may reach it");

  access
    .command('show')
    .description('the list (empty: every address may reach the instance)')
    .argument('<id>', 'the instance id')
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      printList(ctx, await readList(ctx, id));
    });

  access
    .command('set')
    .description('replace the whole list (ADDRESS or ADDRESS=COMMENT each; --open for none)')
    .argument('<id>', 'the instance id')
    .argument('[entries...]', 'addresses or CIDR ranges, IPv4 or IPv6, like 203.0.113.0/24=Office')
    .option('--open', 'empty the list: every address may reach the instance')
    .action(async (id: string, entries: string[], opts: { open?: boolean }, command: Command) => {
      if (entries.length === 0 && !opts.open) throw new CliError('Name the addresses or ranges to allow, or give --open to let every address in.', EXIT.usage);
      if (entries.length > 0 && opts.open) throw new CliError('--open empties the list: give it without addresses.', EXIT.usage);
      const ctx = contextOf(io, command);
      printList(ctx, await unwrap(ctx.client().POST(PATH, { params: { path: { id } }, body: { entries: entries.map(entryOf) } })));
    });

  access
    .command('check')
    .description('ask the running instance whether an address reaches it, and by which entry')
    .argument('<id>', 'the instance id')
    .argument('<address>', 'one IPv4 or IPv6 address')
    .action(async (id: string, address: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const answer = await unwrap(ctx.client().POST('/api/managed-saas/instances/{id}/access-check', { params: { path: { id } }, body: { address } }));
      if (ctx.json) return printJson(io, answer);
      io.out(`${answer.reason}\n`);
    });
}
