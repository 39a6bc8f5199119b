import type { Command } from 'commander';
import { unwrap } from '@replay/client';
import { contextOf } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printTable, type Io } from '../io';
import { roleIdOf } from './roles';

/**
 * `replay scim token create|revoke`, `replay scim groups [--map <group> --role <role|none>]`: SCIM
 * provisioning, for an account's owners (a person's access token: keys cannot hand out a
 * provisioning credential). The token is printed once, alone on standard output.
 */
export function registerScim(program: Command, io: Io): void {
  const scim = program.command('scim').description("SCIM provisioning for the account's identity provider (owners only)");
  const token = scim.command('token').description('the SCIM token the identity provider sends');

  token
    .command('create')
    .description('create the token, or rotate it (the previous one stops at once); printed once')
    .action(async (_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const created = await unwrap(ctx.client().POST('/api/client/scim/token'));
      if (ctx.json) return printJson(io, created);
      const info = await unwrap(ctx.client().GET('/api/client/scim'));
      io.err(`Created the SCIM token. Base URL: ${info.baseUrl}. Copy the token now: it is shown only once.\n`);
      io.out(`${created.token}\n`);
    });

  token
    .command('revoke')
    .description('revoke the token: the identity provider is refused at once (asks for --yes)')
    .option('--yes', 'confirm: the identity provider can no longer provision until a new token')
    .action(async (opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) throw new CliError('Revoking stops provisioning at once. Add --yes to confirm.', EXIT.usage);
      const ctx = contextOf(io, command);
      await unwrap(ctx.client().DELETE('/api/client/scim/token'));
      if (ctx.json) return printJson(io, { revoked: true });
      io.out('Revoked the SCIM token.\n');
    });

  scim
    .command('groups')
    .description('the groups the identity provider pushed and the role each gives; --map sets one')
    .option('--map <group>', 'the group to map: its displayName or id')
    .option('--role <role>', 'the role it gives: its name or id, or "none"')
    .action(async (opts: { map?: string; role?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      let info = await unwrap(ctx.client().GET('/api/client/scim'));
      if (opts.map !== undefined) {
        if (opts.role === undefined) throw new CliError('--map needs --role (a role name or id, or "none").', EXIT.usage);
        const group = info.groups.find((g) => g.id === opts.map || g.displayName.toLowerCase() === opts.map!.toLowerCase());
        if (!group) throw new CliError(`No SCIM group ${opts.map}.`, EXIT.notFound);
        const roleId = opts.role.toLowerCase() === 'none' ? null : await roleIdOf(ctx, opts.role);
        await unwrap(ctx.client().PUT('/api/client/scim/groups/{id}', { params: { path: { id: group.id } }, body: { roleId } }));
        info = await unwrap(ctx.client().GET('/api/client/scim'));
      }
      if (ctx.json) return printJson(io, info);
      io.err(`SCIM base URL: ${info.baseUrl}; token: ${info.token ? `created ${isoTime(info.token.createdAt)}, last used ${isoTime(info.token.lastUsedAt)}` : 'none'}.\n`);
      printTable(
        io,
        [
          ['ID', (g) => g.id],
          ['GROUP', (g) => g.displayName],
          ['MEMBERS', (g) => String(g.members)],
          ['ROLE', (g) => g.roleName ?? '(none)'],
        ],
        info.groups,
        'No SCIM groups.',
      );
    });
}
