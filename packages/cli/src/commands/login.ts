import { createReplayClient, ReplayApiError, unwrap } from '@replay/client';
import type { Command } from 'commander';
import { contextOf, USER_AGENT } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { printJson, type Io } from '../io';
import { checkedUrl, profilePath, removeProfile, saveProfile } from '../profile';

/**
 * `replay login`: checks the key against the console, then keeps the address and key in the
 * profile file (0600). The key can come from --api-key or REPLAY_API_KEY (keeping it out of
 * the shell's history).
 */
export function registerLogin(program: Command, io: Io): void {
  program
    .command('login')
    .description('sign in with an API key: checks it, then saves it in your profile file (readable by you only)')
    .option('--url <url>', "the console's address (default: REPLAY_URL)")
    .option('--api-key <key>', 'the API key (default: REPLAY_API_KEY)')
    .action(async (opts: { url?: string; apiKey?: string }, command: Command) => {
      const ctx = contextOf(io, command);
      const urlText = opts.url ?? io.env.REPLAY_URL;
      const apiKey = opts.apiKey ?? io.env.REPLAY_API_KEY;
      if (!urlText || !apiKey) throw new CliError('replay login needs --url and --api-key (or REPLAY_URL and REPLAY_API_KEY).', EXIT.usage);
      const url = checkedUrl(urlText);
      await checkKey(url, apiKey, io);
      const path = saveProfile(io.env, { url, apiKey });
      if (ctx.json) printJson(io, { url, profile: path });
      else io.out(`Signed in to ${url}. Saved in ${path}.\n`);
    });

  program
    .command('logout')
    .description('remove your profile file')
    .action((_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const removed = removeProfile(io.env);
      if (ctx.json) printJson(io, { removed, profile: profilePath(io.env) });
      else io.out(removed ? `Removed ${profilePath(io.env)}.\n` : 'No profile to remove.\n');
    });
}

/**
 * One cheap read. An unknown, expired or revoked key is refused (401) and nothing is saved;
 * a key whose role may not read instances (403) is still a valid key.
 */
async function checkKey(url: string, apiKey: string, io: Io): Promise<void> {
  const client = createReplayClient({ baseUrl: url, token: apiKey, fetch: io.fetch, userAgent: USER_AGENT });
  try {
    await unwrap(client.GET('/api/managed-saas/instances', { params: { query: { limit: 1 } } }));
  } catch (error) {
    if (error instanceof ReplayApiError && error.status === 403) return;
    throw error;
  }
}
