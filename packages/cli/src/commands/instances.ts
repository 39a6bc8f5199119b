import { randomUUID } from 'node:crypto';
import { unwrap } from '@replay/client';
import { INSTANCE_SIZES, INSTANCE_STATUSES, PROVIDERS } from '@replay/contracts';
import { Option, type Command } from 'commander';
import { contextOf, type Ctx } from '../context';
import { parseDuration } from '../durations';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printRecord, printTable, type Io } from '../io';
import { positiveInt } from './options';
import { waitForStatus } from './wait';

const BASE = '/api/managed-saas/instances';

/** `replay instances list|get|create|start|stop|terminate|wait`. */
export function registerInstances(program: Command, io: Io): void {
  const instances = program.command('instances').description('list, create, start, stop, terminate and wait for instances');
  registerList(instances, io);
  registerGet(instances, io);
  registerCreate(instances, io);
  registerLifecycle(instances, io);
  registerWait(instances, io);
}

/** `replay instances list`: a page of the account's instances, as a table. */
function registerList(instances: Command, io: Io): void {
  instances
    .command('list')
    .description("the account's instances")
    .option('--search <text>', 'only those whose name or URL contains this')
    .option('--page <n>', 'page number', positiveInt('--page'), 1)
    .option('--limit <n>', 'instances per page (at most 100)', positiveInt('--limit'), 100)
    .action(async (opts: { search?: string; page: number; limit: number }, command: Command) => {
      const ctx = contextOf(io, command);
      const list = await unwrap(ctx.client().GET(BASE, { params: { query: { search: opts.search, page: opts.page, limit: opts.limit } } }));
      if (ctx.json) return printJson(io, list);
      printTable(
        io,
        [
          ['ID', (i) => i.instanceId],
          ['NAME', (i) => i.name],
          ['STATUS', (i) => (i.inProgress ? `${i.status}…` : i.status)],
          ['REGION', (i) => i.region],
          ['SIZE', (i) => i.size],
          ['VERSION', (i) => i.version],
          ['ADDRESS', (i) => i.instanceUrl],
        ],
        list.instances,
        'No instances.',
      );
      if (list.total > list.instances.length) io.out(`${list.instances.length} of ${list.total}: see --page.\n`);
    });
}

/** `replay instances get <id>`: one instance's details. */
function registerGet(instances: Command, io: Io): void {
  instances
    .command('get')
    .description("one instance's details")
    .argument('<id>', 'the instance id')
    .action(async (id: string, _opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const instance = await unwrap(ctx.client().GET(`${BASE}/{id}`, { params: { path: { id } } }));
      if (ctx.json) return printJson(io, instance);
      printRecord(io, [
        ['ID', instance.instanceId],
        ['Name', instance.name],
        ['Status', instance.inProgress ? `${instance.status} (in progress)` : instance.status],
        ['Provider', instance.provider],
        ['Region', `${instance.region} (${instance.regionLabel})`],
        ['Size', instance.size],
        ['Version', instance.version],
        ['URL name', instance.url],
        ['Address', instance.instanceUrl],
        ['Healthy', instance.healthy],
        ['Protected', instance.isProtected],
        ['Created', isoTime(instance.createdAt)],
        ['Failure', instance.failure],
      ]);
    });
}

/** `replay instances create`: one instance per invocation (an idempotency key of its own), optionally waited for. */
function registerCreate(instances: Command, io: Io): void {
  instances
    .command('create')
    .description('create an instance')
    .requiredOption('--name <name>', "the instance's name")
    .requiredOption('--url <name>', 'the name in its address (lowercase letters, digits, hyphens)')
    .addOption(new Option('--provider <provider>', 'cloud provider').choices(PROVIDERS).default('aws'))
    .option('--region <region>', "the provider's region", 'us-east-1')
    .addOption(new Option('--size <size>', 'instance size').choices(INSTANCE_SIZES).default('small'))
    .option('--wait', 'then wait until it runs')
    .option('--timeout <duration>', 'with --wait: how long to wait', '15m')
    .action(async (opts: CreateOptions, command: Command) => {
      const ctx = contextOf(io, command);
      const timeoutMs = parseDuration(opts.timeout, '--timeout');
      const body = { name: opts.name, url: opts.url, provider: opts.provider, region: opts.region, size: opts.size };
      // One key per invocation: if the answer is lost and the client retries, the console creates one instance.
      const created = await unwrap(ctx.client().POST(BASE, { body, params: { header: { 'Idempotency-Key': randomUUID() } } }));
      if (opts.wait) await waitForStatus(ctx, created.instanceId, 'running', timeoutMs);
      const instance = opts.wait ? await unwrap(ctx.client().GET(`${BASE}/{id}`, { params: { path: { id: created.instanceId } } })) : created;
      if (ctx.json) return printJson(io, instance);
      io.out(`Created instance ${instance.name} (${instance.instanceId}): ${instance.status}.\n`);
    });
}

/** `replay instances start|stop|terminate <id>` (terminate asks for --yes). */
function registerLifecycle(instances: Command, io: Io): void {
  for (const action of ['start', 'stop'] as const) {
    instances
      .command(action)
      .description(`${action} an instance`)
      .argument('<id>', 'the instance id')
      .action(async (id: string, _opts: unknown, command: Command) => act(contextOf(io, command), id, action));
  }

  instances
    .command('terminate')
    .description('terminate an instance: its data is deleted (asks for --yes)')
    .argument('<id>', 'the instance id')
    .option('--yes', 'confirm: the instance and its data are deleted')
    .action(async (id: string, opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) throw new CliError('Terminating deletes the instance and its data: add --yes to confirm.', EXIT.usage);
      await act(contextOf(io, command), id, 'terminate');
    });
}

/** `replay instances wait <id>`: until it reaches a status, or the timeout's exit code. */
function registerWait(instances: Command, io: Io): void {
  instances
    .command('wait')
    .description('wait until an instance reaches a status (a progress line on a terminal)')
    .argument('<id>', 'the instance id')
    .addOption(new Option('--status <status>', 'the status to wait for').choices(INSTANCE_STATUSES).default('running'))
    .option('--timeout <duration>', 'give up after this long (exit code 6)', '15m')
    .option('--interval <duration>', 'how often to ask', '2s')
    .action(async (id: string, opts: { status: string; timeout: string; interval: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const reached = await waitForStatus(ctx, id, opts.status, parseDuration(opts.timeout, '--timeout'), parseDuration(opts.interval, '--interval'));
      if (ctx.json) return printJson(io, { instanceId: id, ...reached });
      io.out(`Instance ${id} is ${reached.status}.\n`);
    });
}

interface CreateOptions {
  name: string;
  url: string;
  provider: 'aws' | 'azure' | 'gcp';
  region: string;
  size: 'small' | 'medium' | 'large';
  wait?: boolean;
  timeout: string;
}

async function act(ctx: Ctx, id: string, action: 'start' | 'stop' | 'terminate'): Promise<void> {
  const body = action === 'terminate' ? { action, confirm: 'TERMINATE' } : { action };
  const instance = await unwrap(ctx.client().POST(`${BASE}/{id}/actions`, { params: { path: { id } }, body }));
  if (ctx.json) return printJson(ctx.io, instance);
  ctx.io.out(`Instance ${instance.name} (${instance.instanceId}): ${instance.status}.\n`);
}
