import { createReplayClient, type ReplayClient } from '@replay/client';
import type { Command } from 'commander';
import type { Io } from './io';
import { resolveCredentials } from './profile';

/** What every command's handler gets: the io, whether `--json` was given, and the client (made on first use). */
export interface Ctx {
  io: Io;
  json: boolean;
  client(): ReplayClient;
}

export const USER_AGENT = 'replay-cli/0.0.0';

export function contextOf(io: Io, command: Command): Ctx {
  let client: ReplayClient | undefined;
  return {
    io,
    json: Boolean(command.optsWithGlobals().json),
    client() {
      if (!client) {
        const { url, apiKey } = resolveCredentials(io.env);
        client = createReplayClient({ baseUrl: url, token: apiKey, fetch: io.fetch, userAgent: USER_AGENT });
      }
      return client;
    },
  };
}
