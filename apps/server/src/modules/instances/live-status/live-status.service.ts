import type { Readable } from 'node:stream';
import { endpoints } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { CommitSignals } from '../../../lib/commit-signals';
import { decideAccess } from '../../../lib/access-decision';
import { verifyAccessToken } from '../../../lib/access-token';
import { hashApiKeySecret, loadKeyCaller, looksLikeApiKey } from '../../../lib/api-key-principal';
import type { Logger } from '../../../lib/logger';
import { loadCaller, type Principal } from '../../../lib/principal';
import { createLiveStatusHub } from './live-status.hub';
import { liveStatusRepo } from './live-status.repo';
import { openLiveStream } from './live-status.stream';
import type { Clock } from '../../../lib/time';

export interface LiveStatusDeps {
  db: Db;
  commits: CommitSignals;
  clock: Clock;
  logger: Pick<Logger, 'error'>;
  jwtSecret: Uint8Array;
  heartbeatMs: number;
}

/**
 * Live status push (issue 17): one hub per process, one stream per caller.
 * The caller is re-read from the credential they opened the stream with,
 * exactly as the guard reads it on every request (a session's token, its
 * expiry included, or an API key's digest), and judged by the guard's own
 * decision (lib/access-decision.ts) with the instance scope.
 */
export function createLiveStatusService(deps: LiveStatusDeps) {
  const hub = createLiveStatusHub(deps);
  const repo = liveStatusRepo(deps.db);
  const call = endpoints.liveStatus;

  function callerReader(bearerToken: string): () => Promise<Principal | null> {
    if (looksLikeApiKey(bearerToken)) {
      const keyHash = hashApiKeySecret(bearerToken);
      return () => loadKeyCaller(deps.db, keyHash, deps.clock.now());
    }
    return async () => {
      const claims = await verifyAccessToken(bearerToken, deps.jwtSecret, deps.clock.now());
      return claims ? loadCaller(deps.db, claims) : null;
    };
  }

  return {
    /** Opens a stream for a caller the guard admitted, with the bearer token they were admitted with. */
    open(principal: Principal, bearerToken: string, lastEventId: number | null): Promise<Readable> {
      return openLiveStream(
        {
          hub,
          repo,
          logger: deps.logger,
          heartbeatMs: deps.heartbeatMs,
          reloadCaller: callerReader(bearerToken),
          allows: (p, instanceId) => decideAccess(p, call, instanceId).allowed,
        },
        { principal, lastEventId },
      );
    },
    /** Ends every open stream (shutdown: the process can then close). */
    closeAll: () => hub.closeAll(),
    /** Reads the committed changes now (tests). */
    read: () => hub.read(),
    get openStreams(): number {
      return hub.size;
    },
  };
}
export type LiveStatusService = ReturnType<typeof createLiveStatusService>;
