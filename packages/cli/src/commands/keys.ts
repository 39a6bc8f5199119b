import { ReplayApiError, unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf, type Ctx } from '../context';
import { parseMoment } from '../durations';
import { CliError, EXIT } from '../exit-codes';
import { resolveCredentials } from '../profile';
import { isoTime, printJson, printTable, type Io } from '../io';
import { roleIdOf } from './roles';

/**
 * `replay keys list|create|rotate|revoke`. The console lets only people manage keys (a key
 * cannot mint or prolong keys), so these need a person's access token in REPLAY_API_KEY;
 * called with an API key they are refused (exit code 3) with the console's reason.
 */
export function registerKeys(program: Command, io: Io): void {
  const keys = program.command('keys').description("the account's API keys (needs a person's access token: keys cannot manage keys)");

  keys
    .command('list')
    .description('the keys, never their secrets')
    .action(async (_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const list = await forPeople(ctx, unwrap(ctx.client().GET('/api/client/api-keys')));
      if (ctx.json) return printJson(io, list);
      printTable(
        io,
        [
          ['ID', (k) => k.keyId],
          ['NAME', (k) => k.name],
          ['ROLE', (k) => k.roleName ?? '(deleted role)'],
          ['STATUS', (k) => k.status],
          ['EXPIRES', (k) => isoTime(k.expiresAt)],
          ['LAST USED', (k) => isoTime(k.lastUsedAt)],
          ['IP ACCESS', (k) => (k.ipAccessList.length ? k.ipAccessList : 'anywhere')],
        ],
        list.keys,
        'No API keys.',
      );
    });

  keys
    .command('create')
    .description('create a key; its secret is printed once')
    .requiredOption('--name <name>', "the key's name")
    .requiredOption('--role <role>', 'the role it holds: its name or id')
    .option('--expires <when>', 'when it expires: a date, or a duration from now such as 90d (at most a year)', '90d')
    .option('--ip <address>', 'an address or CIDR range it may be used from (repeatable; none: anywhere)', collect, [])
    .action(async (opts: { name: string; role: string; expires: string; ip: string[] }, command: Command) => {
      const ctx = contextOf(io, command);
      const expiresAt = parseMoment(opts.expires, '--expires', io.now(), 'ahead');
      const roleId = await roleIdOf(ctx, opts.role);
      const created = await forPeople(ctx, unwrap(ctx.client().POST('/api/client/api-keys', { body: { name: opts.name, roleId, expiresAt, ipAccessList: opts.ip } })));
      if (ctx.json) return printJson(io, created);
      io.err(`Created API key ${created.key.name} (${created.key.keyId}), expiring ${isoTime(created.key.expiresAt)}. Copy the secret now: it is shown only once.\n`);
      io.out(`${created.secret}\n`);
    });

  keys
    .command('rotate')
    .description('give a key a new secret, printed once (the old one works 24 hours more)')
    .argument('<id>', 'the key id')
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const rotated = await forPeople(ctx, unwrap(ctx.client().POST('/api/client/api-keys/{id}/rotate', { params: { path: { id } } })));
      if (ctx.json) return printJson(io, rotated);
      io.err(`Rotated API key ${rotated.key.name}; the previous secret works until ${isoTime(rotated.key.previousSecretValidUntil)}. Copy the new secret now.\n`);
      io.out(`${rotated.secret}\n`);
    });

  keys
    .command('revoke')
    .description('revoke a key: every call with it is refused at once (asks for --yes)')
    .argument('<id>', 'the key id')
    .option('--yes', 'confirm: this cannot be undone')
    .action(async (id: string, opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) throw new CliError('Revoking cannot be undone: every call with the key is refused at once. Add --yes to confirm.', EXIT.usage);
      const ctx = contextOf(io, command);
      await forPeople(ctx, unwrap(ctx.client().DELETE('/api/client/api-keys/{id}', { params: { path: { id } } })));
      if (ctx.json) return printJson(io, { keyId: id, revoked: true });
      io.out(`Revoked API key ${id}.\n`);
    });
}

/** The console refuses API keys (`rck_…`) here with 403: say what to do instead, after its reason. */
async function forPeople<T>(ctx: Ctx, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ReplayApiError && error.status === 403 && resolveCredentials(ctx.io.env).apiKey.startsWith('rck_')) {
      const hint = "Manage keys in the console (Account › API keys), or set REPLAY_API_KEY to a person's access token.";
      throw new CliError(`${error.messages.join(' ')} ${hint}`, EXIT.refused);
    }
    throw error;
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
