import { PassThrough, type Readable } from 'node:stream';
import { LIVE_STATUS_EVENTS, type LiveInstanceChange } from '@replay/contracts';
import type { Principal } from '../../../lib/principal';
import type { Logger } from '../../../lib/logger';
import type { InstanceRow } from '../core/instances.repo';
import { instanceToWire } from '../core/instances.wire';
import type { LiveStatusHub, LiveSubscriber } from './live-status.hub';
import type { LiveStatusRepo, PositionedChange } from './live-status.repo';

/** A reconnecting client is replayed at most this many changes; past that it is told to refetch (resync). */
export const REPLAY_LIMIT = 1000;
/** A client that reads slower than this much is waiting is let go: it reconnects with Last-Event-ID and misses nothing. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface LiveStreamDeps {
  hub: LiveStatusHub;
  repo: LiveStatusRepo;
  logger: Pick<Logger, 'error'>;
  heartbeatMs: number;
  /**
   * The caller as they are now (their session still live, their token not expired, their role and
   * scope as the database says), or null when they are no longer anyone's caller.
   */
  reloadCaller(): Promise<Principal | null>;
  /** Whether this caller may use the stream, and see this instance (the guard's own decision, lib/access-decision.ts). */
  allows(principal: Principal, instanceId?: string): boolean;
}

/** What of the caller decides what they may see: when any of it changes, the stream ends (the client reconnects with its new rights). */
function rightsOf(p: Principal): string {
  return JSON.stringify([
    p.userId,
    p.tenantId,
    p.admin,
    p.superAdmin,
    p.passwordChangeRequired,
    [...p.permissions].sort(),
    p.role?.id ?? null,
    p.role?.allInstances ?? null,
    [...(p.role?.instances ?? [])].sort(),
  ]);
}

const message = (event: string, data: unknown, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
/** An instance's change, with the instance as it is now (null: gone). */
function instanceMessage(change: PositionedChange, instanceId: string, row: InstanceRow | undefined): string {
  const data: LiveInstanceChange = { type: change.type, at: change.at, instanceId, instance: row ? instanceToWire(row) : null };
  return message(LIVE_STATUS_EVENTS.change, data, change.position);
}
/** A message of the account's support chat: every member of the account may read it, whatever their role. */
const supportMessage = (change: PositionedChange, conversationId: string) => message(LIVE_STATUS_EVENTS.support, { type: change.type, at: change.at, conversationId }, change.position);

/**
 * One caller's stream: a replay from their Last-Event-ID (or none: from now),
 * then every change the hub hands it. Each batch is judged when it is sent:
 * the caller is read again (a revoked session, an expired token, a removed
 * member: the stream ends; a changed role or scope: it ends too, and the
 * client's reconnect gets the new rights), and each instance change leaves
 * only when the guard's decision, with the instance scope, lets this caller
 * see that instance. The heartbeat (a comment line) keeps proxies from closing
 * an idle stream and re-judges the caller at the same pace. Work is done one
 * step at a time, so messages leave in position order.
 */
export async function openLiveStream(deps: LiveStreamDeps, start: { principal: Principal; lastEventId: number | null }): Promise<Readable> {
  const out = new PassThrough();
  const rights = rightsOf(start.principal);
  const cursor: StreamCursor = { lastSent: 0 };
  let ended = false;
  let steps = Promise.resolve();
  const step = (work: () => Promise<void>) => {
    const failed = (err: unknown) => {
      deps.logger.error({ err }, 'live status: a stream failed; it ends and the client reconnects');
      end();
    };
    steps = steps.then(() => (ended ? undefined : work())).catch(failed);
  };
  const write = (text: string) => {
    if (ended) return;
    out.write(text);
    if (out.writableLength > MAX_BUFFERED_BYTES) end();
  };

  /** The caller now, or null (and the stream ends) when they may no longer see what they saw. */
  async function current(): Promise<Principal | null> {
    const principal = await deps.reloadCaller();
    if (!principal || rightsOf(principal) !== rights || !deps.allows(principal)) {
      end();
      return null;
    }
    return principal;
  }

  function send(principal: Principal, changes: readonly PositionedChange[], now: ReadonlyMap<string, InstanceRow>) {
    for (const change of changes) {
      if (change.position <= cursor.lastSent) continue;
      cursor.lastSent = change.position;
      if (change.conversationId) write(supportMessage(change, change.conversationId));
      if (!change.instanceId || !deps.allows(principal, change.instanceId)) continue;
      write(instanceMessage(change, change.instanceId, now.get(change.instanceId)));
    }
  }

  const subscriber: LiveSubscriber = {
    tenantId: start.principal.tenantId,
    offer(changes, now) {
      if (changes.at(-1)!.position <= cursor.lastSent) return;
      step(async () => {
        const principal = await current();
        if (principal) send(principal, changes, now);
      });
    },
    close: () => end(),
  };

  const heartbeat = setInterval(() => {
    write(': heartbeat\n\n');
    step(async () => void (await current()));
  }, deps.heartbeatMs);
  heartbeat.unref();

  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    deps.hub.remove(subscriber);
    out.end();
  }
  out.on('close', end);

  // Registered first: whatever is positioned from here on reaches this stream; what came before is the replay's.
  await deps.hub.add(subscriber);
  // Tells the client how long to wait before reconnecting, and opens the stream at once (headers and first bytes).
  write('retry: 2000\n\n');
  step(() => replayInto(deps.repo, { cursor, send, write }, start.principal, start.lastEventId));
  return out;
}

/** How far a stream has sent: changes at or before it are not sent again. */
interface StreamCursor {
  lastSent: number;
}

/** What the replay writes through: the stream's cursor, its judged send, and its raw write. */
interface StreamOut {
  cursor: StreamCursor;
  send(principal: Principal, changes: readonly PositionedChange[], now: ReadonlyMap<string, InstanceRow>): void;
  write(text: string): void;
}

/**
 * A reconnecting client's replay from its Last-Event-ID (none: from now, nothing replayed). An
 * id this console never gave, one older than what is kept, or more than REPLAY_LIMIT changes
 * behind: the client is told to refetch (resync).
 */
async function replayInto(repo: LiveStatusRepo, stream: StreamOut, principal: Principal, lastEventId: number | null): Promise<void> {
  const { cursor, send, write } = stream;
  const { oldest, newest } = await repo.positionRange();
  if (lastEventId === null) {
    cursor.lastSent = Math.max(cursor.lastSent, newest);
    return;
  }
  // Not an id this console gave (another database's), or older than what is kept: the client refetches.
  const unknown = lastEventId > newest || (oldest !== null && lastEventId < oldest - 1);
  if (!unknown) {
    let after = lastEventId;
    let replayed = 0;
    for (;;) {
      const changes = await repo.accountChangesAfter(principal.tenantId, after, 200);
      if (changes.length === 0) return void (cursor.lastSent = Math.max(cursor.lastSent, after));
      replayed += changes.length;
      if (replayed > REPLAY_LIMIT) break;
      const ids = [...new Set(changes.flatMap((c) => (c.instanceId ? [c.instanceId] : [])))];
      cursor.lastSent = Math.max(cursor.lastSent, after);
      send(principal, changes, await repo.instancesNow(ids));
      after = changes.at(-1)!.position;
    }
  }
  write(message(LIVE_STATUS_EVENTS.resync, {}));
  cursor.lastSent = Math.max(cursor.lastSent, (await repo.positionRange()).newest);
}
