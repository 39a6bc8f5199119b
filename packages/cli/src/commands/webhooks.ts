import { unwrap } from '@replay/client';
import { Option, type Command } from 'commander';
import { WEBHOOK_TYPES, type WebhookType } from '@replay/contracts';
import { contextOf, type Ctx } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printTable, type Io } from '../io';

interface SaveOptions {
  name?: string;
  type?: WebhookType;
  endpoint?: string;
  authHeader?: string;
  routingKey?: string;
  event: string[];
}

/**
 * `replay webhooks list|create|update|test|delete`: the account's webhooks and alert channels
 * (issue 45: `--type slack|msteams|pagerduty`). Credentials go one way: the auth header and
 * PagerDuty's integration key are sent, never shown; a Slack or Teams URL is listed masked.
 */
export function registerWebhooks(program: Command, io: Io): void {
  const webhooks = program.command('webhooks').description("the account's webhooks and alert channels (Slack, Microsoft Teams, PagerDuty)");

  webhooks
    .command('list')
    .description('the webhooks; Slack and Teams URLs masked, credentials never shown')
    .action(async (_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const list = await unwrap(ctx.client().GET('/api/webhooks'));
      if (ctx.json) return printJson(io, list);
      printTable(
        io,
        [
          ['ID', (w) => w.webhookId],
          ['NAME', (w) => w.name],
          ['TYPE', (w) => w.type],
          ['ENDPOINT', (w) => w.endpoint],
          ['EVENTS', (w) => w.eventTypes],
          ['STATUS', (w) => (w.enabled ? 'enabled' : 'disabled')],
          ['CREATED', (w) => isoTime(w.createdAt)?.slice(0, 10)],
        ],
        list.webhooks,
        'No webhooks.',
      );
    });

  saveOptions(webhooks.command('create').description('add a webhook; its signing secret is printed once'))
    .requiredOption('--name <name>', "the webhook's name")
    .action(async (opts: SaveOptions, command: Command) => {
      const ctx = contextOf(io, command);
      const saved = await save(ctx, { type: opts.type ?? 'webhook', name: opts.name!, ...fieldsOf(opts) });
      if (ctx.json) return printJson(io, saved);
      io.err(`Created webhook ${saved.webhook.name} (${saved.webhook.webhookId}, ${saved.webhook.type}). Copy the signing secret now: it is shown only once.\n`);
      io.out(`${saved.secret}\n`);
    });

  saveOptions(webhooks.command('update').description('change a webhook: what is not given stays as it is').argument('<id>', 'the webhook id'))
    .option('--name <name>', "the webhook's name")
    .action(async (id: string, opts: SaveOptions, command: Command) => {
      const ctx = contextOf(io, command);
      const { webhooks: list } = await unwrap(ctx.client().GET('/api/webhooks'));
      const current = list.find((w) => w.webhookId === id);
      if (!current) throw new CliError(`No webhook ${id}.`, EXIT.notFound);
      const type = opts.type ?? current.type;
      // The endpoint as listed (a chat URL masked) keeps the stored one; PagerDuty's may be left out.
      const endpoint = opts.endpoint ?? (type === current.type ? current.endpoint : undefined);
      const saved = await save(ctx, { webhookId: id, type, name: opts.name ?? current.name, eventTypes: current.eventTypes, ...fieldsOf(opts), ...(endpoint ? { endpoint } : {}) });
      if (ctx.json) return printJson(io, saved.webhook);
      io.out(`Updated webhook ${saved.webhook.name} (${saved.webhook.webhookId}).\n`);
    });

  webhooks
    .command('test')
    .description("send the webhook a test event, in its type's format")
    .argument('<id>', 'the webhook id')
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      await unwrap(ctx.client().POST('/api/webhooks/{id}/test', { params: { path: { id } } }));
      if (ctx.json) return printJson(io, { webhookId: id, queued: true });
      io.out(`Test event queued for ${id}.\n`);
    });

  webhooks
    .command('delete')
    .description('delete a webhook and the deliveries waiting for it (asks for --yes)')
    .argument('<id>', 'the webhook id')
    .option('--yes', 'confirm: deliveries waiting for it are dropped')
    .action(async (id: string, opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) throw new CliError('Deleting drops the deliveries waiting for the webhook. Add --yes to confirm.', EXIT.usage);
      const ctx = contextOf(io, command);
      await unwrap(ctx.client().DELETE('/api/webhooks/{id}', { params: { path: { id } } }));
      if (ctx.json) return printJson(io, { webhookId: id, deleted: true });
      io.out(`Deleted webhook ${id}.\n`);
    });
}

/** The options create and update share. */
function saveOptions(command: Command): Command {
  return command
    .addOption(new Option('--type <type>', 'the receiver: a plain webhook, or a Slack, Microsoft Teams or PagerDuty channel').choices(WEBHOOK_TYPES))
    .option('--endpoint <url>', "where to send: the receiver's or the chat's webhook URL (PagerDuty: its Events API v2 URL by default)")
    .option('--auth-header <value>', 'sent as the Authorization header (not for PagerDuty); stored encrypted, never shown')
    .option('--no-auth-header', 'remove the auth header')
    .option('--routing-key <key>', "PagerDuty: the service's Events API v2 integration key; stored encrypted, never shown")
    .option('--event <type>', 'an event type it receives (repeatable; none on create: every type your role may see, PagerDuty: its paired ones)', collect, []);
}

type SaveBody = { webhookId?: string; type: WebhookType; name: string; endpoint?: string; authHeader?: string | null; routingKey?: string; eventTypes?: string[] };

function fieldsOf(opts: SaveOptions): Omit<SaveBody, 'type' | 'name'> {
  // commander's --no-auth-header sets authHeader to false; a value sets it to the text.
  const authHeader = (opts.authHeader as string | boolean | undefined) === false ? null : opts.authHeader;
  return {
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(authHeader !== undefined ? { authHeader } : {}),
    ...(opts.routingKey ? { routingKey: opts.routingKey } : {}),
    ...(opts.event.length ? { eventTypes: opts.event } : {}),
  };
}

const save = (ctx: Ctx, body: SaveBody) => unwrap(ctx.client().PUT('/api/webhooks', { body }));

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
