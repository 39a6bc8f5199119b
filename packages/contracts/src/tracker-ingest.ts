/**
 * Where a tracker sends its batches. Its own file, not onboarding.ts: the public config names
 * the ingest URL, and /login, which reads that config, must not carry the onboarding and
 * instance rules onboarding.ts imports (issue 10's byte budget).
 */

/** A tracker's batches go to the agent's ingest path (agent-protocol's INGEST_PATH; a server test keeps the two equal). */
export const TRACKER_INGEST_PATH = '/api/events';

/** The instance's ingest URL, from its address. */
export const ingestUrlOf = (instanceUrl: string): string => `${instanceUrl.replace(/\/+$/, '')}${TRACKER_INGEST_PATH}`;

const base = (instanceUrl: string) => instanceUrl.replace(/\/+$/, '');
/** Where the instance serves its tracker at a version (agent-protocol's trackerScriptPathOf / trackerTarballPathOf; a server test keeps them equal). */
export const trackerScriptUrlOf = (instanceUrl: string, trackerVersion: string): string => `${base(instanceUrl)}/tracker/${trackerVersion}/tracker.js`;
export const trackerTarballUrlOf = (instanceUrl: string, trackerVersion: string): string => `${base(instanceUrl)}/tracker/${trackerVersion}/tracker.tgz`;
