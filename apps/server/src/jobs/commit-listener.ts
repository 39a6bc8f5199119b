import pg from 'pg';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';

/** The channel outbox tables notify on commit (migration 0009): the payload names the job queue to kick. */
export const COMMIT_CHANNEL = 'console_commits';
const RECONNECT_MS = 2_000;

/**
 * Hears, in this process, that another transaction committed an outbox row
 * (any process's: PostgreSQL sends NOTIFY to every listener at commit, and
 * never for a rollback). On PostgreSQL this holds one connection of its own,
 * reconnecting when it drops; after a reconnect every queue is kicked, since
 * a notice may have been missed meanwhile (the scheduled sweep would find
 * the rows anyway). On PGlite the one connection hears its own commits.
 */
export async function listenForCommits(database: Database, onCommit: (queue: string | null) => void, logger: Pick<Logger, 'warn'>): Promise<() => Promise<void>> {
  if (database.kind === 'pglite') return database.pglite.listen(COMMIT_CHANNEL, (payload) => onCommit(payload));
  const { url } = database;

  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => onCommit(null),
        (err: unknown) => {
          logger.warn({ err }, 'the commit listener could not reconnect; trying again');
          reconnectLater();
        },
      );
    }, RECONNECT_MS);
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => onCommit(n.payload ?? null));
    // A connection that drops ends once ('end' follows any 'error'): reconnect then.
    next.on('error', (err) => logger.warn({ err }, 'the commit listener lost its connection'));
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      reconnectLater();
    });
    await next.connect();
    try {
      await next.query(`listen ${COMMIT_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await next.end());
    client = next;
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
