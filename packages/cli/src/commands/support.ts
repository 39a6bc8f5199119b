import { createReplayClient, unwrap, type ReplayClient } from '@replay/client';
import type { Command } from 'commander';
import { USER_AGENT } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printTable, type Io } from '../io';
import { resolveConsoleUrl } from '../profile';

const QUEUE = '/api/operator/support/conversations';
const TOKEN_HELP = 'the operator token (else REPLAY_OPERATOR_TOKEN); never saved';

interface OperatorCtx {
  io: Io;
  json: boolean;
  client: ReplayClient;
}

/**
 * An operator's client: the console's address as every command finds it, and the operator token
 * (OPERATOR_TOKEN on the console) from --operator-token or REPLAY_OPERATOR_TOKEN, never from the
 * profile and never written anywhere: it is not an account's key.
 */
function operatorContext(io: Io, command: Command): OperatorCtx {
  const opts = command.optsWithGlobals() as { json?: boolean; operatorToken?: string };
  const token = opts.operatorToken || io.env.REPLAY_OPERATOR_TOKEN;
  if (!token) throw new CliError('The support commands are for the console’s operators: give --operator-token or set REPLAY_OPERATOR_TOKEN.', EXIT.usage);
  const client = createReplayClient({ baseUrl: resolveConsoleUrl(io.env), token, fetch: io.fetch, userAgent: USER_AGENT });
  return { io, json: Boolean(opts.json), client };
}

type Thread = Awaited<ReturnType<typeof readThread>>;
const readThread = (ctx: OperatorCtx, id: string) => unwrap(ctx.client.GET(`${QUEUE}/{id}`, { params: { path: { id } } }));

function printThread(ctx: OperatorCtx, thread: Thread): void {
  const { conversation: c, account } = thread;
  ctx.io.out(`${c.subject} (${c.status}) — ${account.name}, ${account.plan}${c.instanceName ? `, about ${c.instanceName}` : ''}\n`);
  ctx.io.out(`Instances: ${account.instances.map((i) => `${i.name} (${i.status})`).join(', ') || 'none'}\n`);
  for (const f of account.recentFailures) ctx.io.out(`  failure ${isoTime(f.at)}: ${f.message}\n`);
  for (const m of thread.messages) {
    const files = m.attachments.map((a) => ` [${a.name}, ${a.size} B]`).join('');
    ctx.io.out(`\n${isoTime(m.createdAt)} ${m.authorName}${m.internal ? ' (internal note)' : ''}:${files}\n${m.body}\n`);
  }
}

/** `replay support list|show|answer|close|reopen`: the operators' support queue. */
export function registerSupport(program: Command, io: Io): void {
  const support = program.command('support').description('the support queue, for the console’s operators (REPLAY_OPERATOR_TOKEN)');

  support
    .command('list')
    .description('conversations of every account, waiting longest first')
    .option('--closed', 'the closed ones instead of the open ones')
    .option('--operator-token <token>', TOKEN_HELP)
    .action(async (opts: { closed?: boolean }, command: Command) => {
      const ctx = operatorContext(io, command);
      const queue = await unwrap(ctx.client.GET(QUEUE, { params: { query: { status: opts.closed ? 'closed' : 'open' } } }));
      if (ctx.json) return printJson(io, queue);
      printTable(
        io,
        [
          ['ID', (c) => c.id],
          ['ACCOUNT', (c) => c.accountName],
          ['SUBJECT', (c) => c.subject],
          ['INSTANCE', (c) => c.instanceName ?? ''],
          ['WAITING SINCE', (c) => isoTime(c.waitingSince) ?? 'answered'],
        ],
        queue.conversations,
        'No conversations.',
      );
    });

  support
    .command('show <id>')
    .description('a conversation with its internal notes, and the account beside it')
    .option('--operator-token <token>', TOKEN_HELP)
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = operatorContext(io, command);
      const thread = await readThread(ctx, id);
      if (ctx.json) return printJson(io, thread);
      printThread(ctx, thread);
    });

  support
    .command('answer <id>')
    .description('reply to the customer (or, with --internal, add a note they never see)')
    .requiredOption('--message <text>', 'the words')
    .option('--internal', 'an internal note, for operators only')
    .option('--operator-token <token>', TOKEN_HELP)
    .action(async (id: string, opts: { message: string; internal?: boolean }, command: Command) => {
      const ctx = operatorContext(io, command);
      const thread = await unwrap(ctx.client.POST(`${QUEUE}/{id}/messages`, { params: { path: { id } }, body: { body: opts.message, internal: Boolean(opts.internal) } }));
      if (ctx.json) return printJson(io, thread);
      io.out(`${opts.internal ? 'Note added to' : 'Answered'} ${thread.conversation.subject} (${thread.account.name}).\n`);
    });

  for (const [name, path, done] of [
    ['close', 'close', 'Closed'],
    ['reopen', 'reopen', 'Reopened'],
  ] as const) {
    support
      .command(`${name} <id>`)
      .description(`${name} a conversation`)
      .option('--operator-token <token>', TOKEN_HELP)
      .action(async (id: string, _opts: unknown, command: Command) => {
        const ctx = operatorContext(io, command);
        const thread = await unwrap(ctx.client.POST(`${QUEUE}/{id}/${path}`, { params: { path: { id } } }));
        if (ctx.json) return printJson(io, thread);
        io.out(`${done} ${thread.conversation.subject} (${thread.account.name}).\n`);
      });
  }
}
