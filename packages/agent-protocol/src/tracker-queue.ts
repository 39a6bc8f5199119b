/**
 * The console's script snippet loads the tracker without holding the site's page back (`async`),
 * so the site may call it before it has loaded. The snippet sets `window.tracker` to a stand-in
 * that queues these methods' calls, in order; the tracker, once loaded, takes the stand-in's
 * options and replays its queue (packages/tracker/src/waiting-tracker.ts).
 */
export const TRACKER_QUEUED_METHODS = ['start', 'stop', 'setUserID', 'setMetadata', 'event'] as const;
export type TrackerQueuedMethod = (typeof TRACKER_QUEUED_METHODS)[number];
