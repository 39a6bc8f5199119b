import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_STATUS_EVENTS, instanceEndpoints, liveInstanceChangeSchema, liveSupportMessageSchema, type Instance, type LiveInstanceChange } from '@replay/contracts';
import { readEventStream, type EventSourceMessage } from '../../../lib/api/event-stream';
import { accountKeys } from '../../account/api';
import { instanceKeys } from '../api';
import { forgetListPosition, listPosition } from './live-position';
import { useAfterPaint } from '../../../lib/use-after-paint';

/**
 * Live status push (issue 17): one stream per tab, opened while a list or
 * details screen is shown, and kept a little after (moving between them
 * keeps it). Each message carries an instance as it now is: the cached list
 * rows and details are replaced in place, so a change shows without a
 * request; what a message cannot patch (an instance that appeared or left the
 * list) is read again. When the stream is unavailable (refused, cut, a proxy
 * without streaming) it reconnects with Last-Event-ID, backing off, and the
 * screens poll as the spec says meanwhile (polling.ts); while it is open, the
 * status poll stops.
 */

type LiveState = 'off' | 'connecting' | 'open' | 'unavailable';
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;
/** A screen change (list → details) within this keeps the stream. */
const LINGER_MS = 10_000;

let state: LiveState = 'off';
let users = 0;
let lastEventId: string | null = null;
let controller: AbortController | null = null;
let lingering: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function setState(next: LiveState) {
  if (state === next) return;
  state = next;
  for (const l of listeners) l();
}

type Listed = { instances: Instance[]; total: number };
type Detailed = Instance & Record<string, unknown>;

/** Applies one change to the caches. Exported for tests. */
export function applyLiveChange(queryClient: QueryClient, change: LiveInstanceChange): void {
  const { instance, instanceId } = change;
  let inAList = false;
  if (instance) {
    // Only the lists that show it are written: writing a list back unchanged would mark it fresh,
    // undoing an invalidation a mutation made (a list read before a create would then show no new row).
    for (const [key, list] of queryClient.getQueriesData<Listed>({ queryKey: instanceKeys.lists() })) {
      if (!list?.instances.some((i) => i.instanceId === instanceId)) continue;
      inAList = true;
      queryClient.setQueryData<Listed>(key, { ...list, instances: list.instances.map((i) => (i.instanceId === instanceId ? instance : i)) });
    }
    queryClient.setQueryData<Detailed>(instanceKeys.detail(instanceId), (d) => (d ? { ...d, ...instance } : d));
  }
  // A new instance, one that left the list (terminated) or is gone: the lists are read again.
  if (!instance || instance.status === 'terminated' || (!inAList && change.type === 'instance.created')) {
    void queryClient.invalidateQueries({ queryKey: instanceKeys.lists() });
  }
  // Spec section 4: on terminated the account is read again (its instance count feeds the billing gate).
  if (instance?.status === 'terminated') void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  // The change is an event of the instance: its details are read again for their latest events (which
  // the message does not carry; patched above, the rest shows at once), and so is its Events tab, whose
  // key is under the details' key. Its URL or health may have changed with its status.
  void queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) });
  void queryClient.invalidateQueries({ queryKey: instanceKeys.allHealth(instanceId) });
}

/** The support chat's queries (features/support/api.ts supportKeys.all), kept here so the stream needs no import of the chat. */
const SUPPORT_QUERY_ROOT = ['support'] as const;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A conversation of the account has a new message: the badge, the list and an open thread are read again. Exported for tests. */
export function applySupportMessage(queryClient: QueryClient, data: string): void {
  if (liveSupportMessageSchema.safeParse(parseJson(data)).success) void queryClient.invalidateQueries({ queryKey: SUPPORT_QUERY_ROOT });
}

function onMessage(queryClient: QueryClient, message: EventSourceMessage) {
  if (message.id) lastEventId = message.id;
  if (message.event === LIVE_STATUS_EVENTS.resync) {
    void queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    return;
  }
  if (message.event === LIVE_STATUS_EVENTS.support) {
    applySupportMessage(queryClient, message.data);
    return;
  }
  if (message.event !== LIVE_STATUS_EVENTS.change) return;
  try {
    const parsed = liveInstanceChangeSchema.safeParse(JSON.parse(message.data));
    if (parsed.success) applyLiveChange(queryClient, parsed.data);
  } catch {
    // Not JSON: a message this build does not understand.
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

async function run(queryClient: QueryClient, signal: AbortSignal) {
  let delay = RETRY_FIRST_MS;
  // The list read with the screen (or just before it) tells where it stands: replayed from there, it is not read again.
  if (lastEventId === null) {
    const position = await listPosition();
    if (position !== null && !signal.aborted) lastEventId = String(position);
  }
  while (!signal.aborted) {
    setState(state === 'unavailable' ? 'unavailable' : 'connecting');
    const end = await readEventStream(instanceEndpoints.liveStatus, {
      lastEventId,
      signal,
      onOpen: () => {
        delay = RETRY_FIRST_MS;
        // Without an id to replay from (no list was read, see live-position.ts), what changed before the stream opened is read once more.
        const settled = lastEventId === null ? queryClient.invalidateQueries({ queryKey: instanceKeys.all }) : Promise.resolve();
        void settled.finally(() => {
          if (!signal.aborted) setState('open');
        });
      },
      onMessage: (m) => onMessage(queryClient, m),
    });
    if (end.kind === 'aborted' || signal.aborted) return;
    setState('unavailable');
    await wait(delay, signal);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }
}

function acquire(queryClient: QueryClient) {
  users += 1;
  if (lingering) clearTimeout(lingering);
  lingering = null;
  if (controller) return;
  controller = new AbortController();
  void run(queryClient, controller.signal);
}

function close(queryClient: QueryClient | null) {
  if (lingering) clearTimeout(lingering);
  lingering = null;
  controller?.abort();
  controller = null;
  lastEventId = null;
  // Nothing keeps the cached instances up to date any more: the next screen that shows one reads it again.
  forgetListPosition();
  if (queryClient) void queryClient.invalidateQueries({ queryKey: instanceKeys.all, refetchType: 'none' });
  setState('off');
}

function release(queryClient: QueryClient) {
  users -= 1;
  if (users > 0) return;
  lingering = setTimeout(() => close(queryClient), LINGER_MS);
}

/**
 * Closes the stream now, without its linger, as if the tab were new: the web tests share this
 * module across files (vitest.config.ts), and each file starts without the last one's stream.
 */
export function closeLiveStatus(): void {
  users = 0;
  close(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the tab's live stream is open (without opening it): what arrives on it needs no polling then. */
export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state === 'open',
    () => false,
  );
}

/** Opens (or shares) the tab's live status stream while the calling screen is shown; true while it is open. */
export function useLiveStatus(): boolean {
  const queryClient = useQueryClient();
  // Opened once the screen has painted: what it shows first comes from its own read.
  const painted = useAfterPaint();
  useEffect(() => {
    if (!painted) return;
    acquire(queryClient);
    return () => release(queryClient);
  }, [queryClient, painted]);
  return useSyncExternalStore(
    subscribe,
    () => state === 'open',
    () => false,
  );
}
