import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { INGEST_CORS, INGEST_PATH, TRACKER_BATCH_LIMITS, readsTracker, trackerOf } from '@replay/agent-protocol/plain';
import { SESSION_ID_PATTERN } from './data.ts';
import { diskFullError } from './disk.ts';
import { HttpError, answerPreflight, applyCors, bearerToken, readJson, sendJson } from './http.ts';
import type { BatchContext } from './capture.ts';
import { clientAddress } from './ingest-limiter.ts';
import { maskEvents } from './logger.ts';
import type { AgentState, Handler } from './state.ts';

/** The most one request may carry, as sent and once unpacked. */
export const MAX_EVENTS_BODY = 1024 * 1024;
const MAX_EVENTS_PER_BATCH = TRACKER_BATCH_LIMITS.events;

/** Ingest may come from the customer's sites: any origin until CORS origins are configured, then only those. */
export const ingestOrigins = (state: AgentState) => (state.config.corsOrigins.length > 0 ? [...state.config.corsOrigins, state.settings.consoleOrigin] : ['*']);

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Trackers send a project key as `Authorization: Bearer <key>` (a header the spec's CORS rules
 * allow): the account's key the agent started with, or one of the instance's projects' keys
 * (config `projectKeys`, as SHA-256 digests). Each is compared as a digest in constant time, and
 * every one is compared whatever matched, so neither a key's content nor its length, nor which
 * key matched, leaks by timing. Answers the project the batch came under (null: the account's key).
 */
export function requireProjectKey(req: IncomingMessage, state: AgentState): { projectId: string | null } {
  const given = bearerToken(req);
  const sent = digest(given ?? '');
  const accountKey = timingSafeEqual(sent, digest(state.settings.projectKey));
  let projectId: string | null = null;
  for (const key of state.config.projectKeys ?? []) if (timingSafeEqual(sent, Buffer.from(key.sha256, 'hex'))) projectId ??= key.projectId;
  if (given === null || (!accountKey && projectId === null)) throw new HttpError(401, 'A valid project key is required: send Authorization: Bearer <project key>');
  if (accountKey) projectId = null;
  return { projectId };
}

const TRACKER_VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/**
 * A batch may say which tracker wrote it (`trackerVersion`, major.minor.patch);
 * one newer than this instance's version reads is refused, since its events
 * would be stored in a form this version cannot replay. This is what an
 * upgrade changes for a customer: a newer version reads newer trackers.
 */
function checkTracker(trackerVersion: unknown, state: AgentState): void {
  if (trackerVersion === undefined) return;
  if (typeof trackerVersion !== 'string' || !TRACKER_VERSION.test(trackerVersion)) throw new HttpError(400, 'trackerVersion must be major.minor.patch, like 16.0.0');
  const { version } = state.settings;
  if (!readsTracker(version, trackerVersion)) {
    throw new HttpError(400, `Tracker ${trackerVersion} is newer than version ${version} reads (trackers up to ${trackerOf(version) ?? 'none'}): upgrade the instance`);
  }
}

/** What `tracker.setUserID(...)` makes the tracker send with each batch of the session. */
const MAX_USER_ID = TRACKER_BATCH_LIMITS.userId;
const BATCH_FIELDS = new Set(['sessionId', 'events', 'trackerVersion', 'url', 'userId', 'metadata', 'dropped']);
const MAX_URL = 2048;
/** `tracker.setMetadata(key, value)`: the tracker keeps within these. */
const { metadataKeys: MAX_METADATA_KEYS, metadataKey: MAX_METADATA_KEY, metadataValue: MAX_METADATA_VALUE } = TRACKER_BATCH_LIMITS;

export interface Batch {
  sessionId: string;
  events: unknown[];
  context: BatchContext;
  metadata: Record<string, string> | null;
  /** Events the tracker dropped (its queue was full) since its last batch was taken. */
  dropped: number;
}

function parseMetadata(metadata: unknown): Record<string, string> | null {
  if (metadata === undefined) return null;
  const bounded = `metadata must be an object of at most ${MAX_METADATA_KEYS} keys of 1-${MAX_METADATA_KEY} characters, each a text of at most ${MAX_METADATA_VALUE}`;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) throw new HttpError(400, bounded);
  const entries = Object.entries(metadata);
  if (entries.length > MAX_METADATA_KEYS) throw new HttpError(400, bounded);
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > MAX_METADATA_KEY || typeof value !== 'string' || value.length > MAX_METADATA_VALUE) throw new HttpError(400, bounded);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** rrweb's `eventWithTime`, checked no further than a replay needs to place it: an object with a numeric type and timestamp. */
function checkEvents(events: unknown[]): void {
  events.forEach((event, i) => {
    const e = event as { type?: unknown; timestamp?: unknown } | null;
    if (e === null || typeof e !== 'object' || Array.isArray(e) || !Number.isInteger(e.type) || typeof e.timestamp !== 'number' || !Number.isFinite(e.timestamp)) {
      throw new HttpError(400, `events[${i}] must be an rrweb event: an object with a numeric type and timestamp`);
    }
  });
}

function parseBatch(body: unknown, state: AgentState): Batch {
  const { sessionId, events, trackerVersion, url, userId, metadata, dropped } = (body ?? {}) as Record<string, unknown>;
  if (typeof sessionId !== 'string' || !SESSION_ID_PATTERN.test(sessionId)) throw new HttpError(400, 'sessionId must be 1-64 letters, digits, _ or -');
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) {
    throw new HttpError(400, `events must be a list of 1 to ${MAX_EVENTS_PER_BATCH} events`);
  }
  if (Object.keys(body as object).some((k) => !BATCH_FIELDS.has(k))) {
    throw new HttpError(400, 'Only sessionId, events, trackerVersion, url, userId, metadata and dropped are accepted');
  }
  checkEvents(events);
  if (userId !== undefined && (typeof userId !== 'string' || userId.length === 0 || userId.length > MAX_USER_ID)) {
    throw new HttpError(400, `userId must be a text of 1 to ${MAX_USER_ID} characters`);
  }
  // The page's URL: for the capture conditions and the logger options' allowed domains.
  if (url !== undefined && url !== null && (typeof url !== 'string' || url.length > MAX_URL)) throw new HttpError(400, `url must be text of at most ${MAX_URL} characters`);
  if (dropped !== undefined && (!Number.isInteger(dropped) || (dropped as number) < 0 || (dropped as number) > 1e9)) throw new HttpError(400, 'dropped must be a whole number of events, 0 or more');
  checkTracker(trackerVersion, state);
  return {
    sessionId,
    events,
    context: { url: typeof url === 'string' ? url : null, userId: typeof userId === 'string' ? userId : null },
    metadata: parseMetadata(metadata),
    dropped: (dropped as number | undefined) ?? 0,
  };
}

/**
 * What every write from a tracker (events, errors) passes first, cheapest refusals first: a
 * stranger costs a bucket lookup and a hash, and nothing is read for a request refused anyway.
 * The keyed budgets (session, key, instance) are charged once the body names the session
 * (limiter.senderRequest), so a flooding session is refused by its own.
 * Answers the client's address, for the byte count once the body's size is known, and the
 * project the key names (null: the account's key, which the console reads as the instance's
 * default project).
 */
export async function admitTracker(req: IncomingMessage, res: ServerResponse, state: AgentState): Promise<{ client: string; projectId: string | null }> {
  const origin = req.headers.origin;
  if (!applyCors(res, origin, ingestOrigins(state)) && origin !== undefined) throw new HttpError(403, `Origin ${origin} is not allowed`);
  state.logger.admitClient(state.config.logger, req.socket.remoteAddress);
  const client = clientAddress(req.socket.remoteAddress);
  state.limiter.clientRequest(client);
  const { projectId } = requireProjectKey(req, state);
  await state.disk.sampleFreeSpace();
  state.disk.assertRoom(0);
  return { client, projectId };
}

/** The most of a User-Agent header kept with a batch: enough for the index's browser and device. */
const MAX_USER_AGENT = 512;

/**
 * What a batch is stored with (storage/chunks/records.ts): when it came, under which project
 * (null: the account's key, the instance's default project), whose session it is, its page,
 * its metadata, the events the tracker dropped before it and the browser's User-Agent, for the
 * session index.
 */
function batchHead(req: IncomingMessage, state: AgentState, projectId: string | null, batch: Batch) {
  const userAgent = req.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null;
  const { url, userId } = batch.context;
  return { at: state.now(), projectId, userId, url, metadata: batch.metadata, userAgent, dropped: batch.dropped };
}

export const ingestRoutes: Record<string, Handler> = {
  [`OPTIONS ${INGEST_PATH}`]: (req, res, _url, state) => answerPreflight(res, applyCors(res, req.headers.origin, ingestOrigins(state)), INGEST_CORS.allowMethods),

  /**
   * Cheapest refusals first: a stranger costs a bucket lookup and a hash, and
   * nothing is read or written for a request that will be refused anyway.
   */
  [`POST ${INGEST_PATH}`]: async (req, res, _url, state) => {
    const { client, projectId } = await admitTracker(req, res, state);
    const batch = parseBatch(await readJson(req, MAX_EVENTS_BODY), state);
    const { sessionId, events, context } = batch;
    const sender = { projectId, sessionId };
    state.limiter.senderRequest(sender);
    state.logger.admitPage(state.config.logger, req.headers.origin, context.url);
    // A session the capture settings leave out is answered as taken (the tracker has nothing to retry) and nothing is written.
    if (!state.capture.admit(state.config.capture, sessionId, context)) {
      sendJson(res, 202, { accepted: 0, captured: false });
      return;
    }
    const prepared = state.storage.prepare(sessionId, batchHead(req, state, projectId, batch), maskEvents(state.config.logger, events));
    await state.disk.sampleFreeSpace();
    // From here to the count, nothing awaits: concurrent writes cannot both take the last room or
    // the last tokens. The bytes are counted before the write (a reservation), which then awaits.
    state.disk.assertRoom(prepared.bytes);
    state.limiter.bytes(client, sender, prepared.bytes);
    state.disk.wrote(prepared.bytes);
    try {
      // Resolves once the batch is fsynced, and indexed: only then is it acknowledged.
      await state.storage.append(prepared);
    } catch (e) {
      // Part of the batch may have landed, or none of it: count the folder again rather than guess.
      void state.disk.refresh().catch(() => undefined);
      if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      throw diskFullError();
    }
    state.disk.wrote(state.storage.indexGrowth());
    state.ingestFacts.recorded(context.userId !== null, state.now());
    sendJson(res, 202, { accepted: events.length, captured: true });
  },
};
