import { TRACKER_QUEUED_METHODS, type TrackerQueuedMethod } from '@replay/agent-protocol/plain';
import { Tracker, type TrackerOptions } from './tracker';

/** The console's script snippet's stand-in for the tracker until it has loaded (agent-protocol's tracker-queue.ts). */
interface WaitingTracker {
  options: TrackerOptions;
  queue: [string, unknown[]][];
  [method: string]: unknown;
}

const isWaiting = (value: unknown): value is WaitingTracker =>
  typeof value === 'object' && value !== null && !(value instanceof Tracker) && Array.isArray((value as WaitingTracker).queue) && typeof (value as WaitingTracker).options === 'object';

const isQueuedMethod = (name: string): name is TrackerQueuedMethod => (TRACKER_QUEUED_METHODS as readonly string[]).includes(name);

const call = (tracker: Tracker, method: TrackerQueuedMethod, args: unknown[]) => (tracker[method] as (...a: unknown[]) => unknown).apply(tracker, args);

/**
 * Where the snippet left a stand-in at `host.tracker`, a Tracker takes its place with the
 * stand-in's options, the queued calls are made on it in order, and the stand-in's methods
 * call it from now on (a site may have kept a reference to the stand-in).
 */
export function adoptWaitingTracker(host: { tracker?: unknown }): void {
  const waiting = host.tracker;
  if (!isWaiting(waiting)) return;
  const tracker = new Tracker(waiting.options);
  host.tracker = tracker;
  for (const method of TRACKER_QUEUED_METHODS) waiting[method] = (...args: unknown[]) => call(tracker, method, args);
  for (const [method, args] of waiting.queue.splice(0)) if (isQueuedMethod(method) && Array.isArray(args)) call(tracker, method, args);
}
