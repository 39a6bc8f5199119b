/**
 * What a chunk's lines are. Each batch is one write: a head line (`type` 'replay.batch': when
 * it came by the server's clock, and what came with it), then its events one per line, as the
 * tracker sent them (rrweb's eventWithTime: a numeric `type`). The head lets the index be
 * rebuilt from the chunks alone; a string `type` never collides with rrweb's numbered ones, so
 * an export keeps exactly the events. Agents before this one wrote `{type:'userId'}`,
 * `{type:'project'}`, `{type:'metadata'}` and `{type:'dropped'}` lines before a batch's events
 * and no head: read as heads too.
 */

export interface BatchHead {
  type: 'replay.batch';
  at: number;
  projectId: string | null;
  userId: string | null;
  url: string | null;
  metadata: Record<string, string> | null;
  userAgent: string | null;
  /** Events the tracker dropped (its queue was full) before this batch: kept, never silent. */
  dropped?: number;
}

export interface StoredBatch {
  head: BatchHead;
  events: unknown[];
}

/** The text one batch is appended as; its byte length is what the write adds to the disk. */
export const batchText = ({ head, events }: StoredBatch): string => [head, ...events].map((line) => `${JSON.stringify(line)}\n`).join('');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An event rrweb's Replayer takes: a numeric type and a finite timestamp. */
export const isRrwebEvent = (value: unknown): value is { type: number; timestamp: number; data?: unknown } =>
  isObject(value) && typeof value.type === 'number' && typeof value.timestamp === 'number' && Number.isFinite(value.timestamp);

const emptyHead = (at: number): BatchHead => ({ type: 'replay.batch', at, projectId: null, userId: null, url: null, metadata: null, userAgent: null });

/**
 * The batches of a chunk's lines. Lines written without a head (earlier agents) are dated
 * `undatedAt`, the end of the chunk's day, which is what their retention went by. A line that
 * does not parse (cut short by a crash, never acknowledged) is skipped.
 */
export function batchesOf(lines: readonly string[], undatedAt: number): StoredBatch[] {
  const batches: StoredBatch[] = [];
  let current: StoredBatch | null = null;
  const legacyHead = () => {
    if (!current || current.events.length > 0) batches.push((current = { head: emptyHead(undatedAt), events: [] }));
    return current.head;
  };
  for (const line of lines) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (isObject(value) && value.type === 'replay.batch' && typeof value.at === 'number') batches.push((current = { head: { ...emptyHead(value.at), ...(value as Partial<BatchHead>) }, events: [] }));
    else if (isObject(value) && value.type === 'userId' && typeof value.userId === 'string') legacyHead().userId = value.userId;
    else if (isObject(value) && value.type === 'project' && typeof value.projectId === 'string') legacyHead().projectId = value.projectId;
    else if (isObject(value) && value.type === 'metadata' && isObject(value.metadata)) legacyHead().metadata = value.metadata as Record<string, string>;
    else if (isObject(value) && value.type === 'dropped' && typeof value.dropped === 'number') legacyHead().dropped = value.dropped;
    else {
      if (!current) batches.push((current = { head: emptyHead(undatedAt), events: [] }));
      current.events.push(value);
    }
  }
  return batches;
}
