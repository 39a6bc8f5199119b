import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf } from '../context';
import { isoTime, printJson, printTable, type Io } from '../io';
import { positiveInt } from './options';
import { roleIdOf } from './roles';

/** `replay members list|invite`. */
export function registerMembers(program: Command, io: Io): void {
  const members = program.command('members').description("the account's team members");

  members
    .command('list')
    .description('the members and pending invitations')
    .option('--page <n>', 'page number', positiveInt('--page'), 1)
    .option('--limit <n>', 'members per page (at most 100)', positiveInt('--limit'), 100)
    .action(async (opts: { page: number; limit: number }, command: Command) => {
      const ctx = contextOf(io, command);
      const list = await unwrap(ctx.client().GET('/api/client/members', { params: { query: { page: opts.page, limit: opts.limit } } }));
      if (ctx.json) return printJson(io, list);
      printTable(
        io,
        [
          ['ID', (m) => m.userId],
          ['NAME', (m) => m.name],
          ['EMAIL', (m) => m.email],
          ['ROLE', (m) => (m.superAdmin ? 'Owner' : m.roleName)],
          ['ADMIN', (m) => m.admin],
          ['STATE', (m) => (m.joined ? 'joined' : m.expiredInvitation ? 'invitation expired' : 'invited')],
          ['SINCE', (m) => isoTime(m.createdAt)?.slice(0, 10)],
        ],
        list.users,
        'No members.',
      );
      if (list.total > list.users.length) io.out(`${list.users.length} of ${list.total}: see --page.\n`);
    });

  members
    .command('invite')
    .description('invite someone: the console emails them a joining link')
    .requiredOption('--email <email>', 'their email address')
    .requiredOption('--name <name>', 'their name')
    .requiredOption('--role <role>', 'the role they get: its name or id')
    .option('--admin', 'make them an administrator')
    .action(async (opts: { email: string; name: string; role: string; admin?: boolean }, command: Command) => {
      const ctx = contextOf(io, command);
      const roleId = await roleIdOf(ctx, opts.role);
      const member = await unwrap(ctx.client().POST('/api/client/members', { body: { email: opts.email, name: opts.name, roleId, admin: Boolean(opts.admin) } }));
      if (ctx.json) return printJson(io, member);
      io.out(`Invited ${member.name} <${member.email}> (${member.userId}).\n`);
    });
}
