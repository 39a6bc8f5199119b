import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT } from './exit-codes';

/** Where and how to call the console. */
export interface Credentials {
  url: string;
  apiKey: string;
}

/** ~/.config/replay/profile.json, or $XDG_CONFIG_HOME/replay/profile.json. */
export function profilePath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(base, 'replay', 'profile.json');
}

/** Writes the profile readable by its owner only (0600, in a 0700 folder): it holds a secret. */
export function saveProfile(env: NodeJS.ProcessEnv, credentials: Credentials): string {
  const path = profilePath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created; an older profile is narrowed too.
  chmodSync(path, 0o600);
  return path;
}

export function removeProfile(env: NodeJS.ProcessEnv): boolean {
  const path = profilePath(env);
  if (!existsSync(path)) return false;
  rmSync(path);
  return true;
}

function readProfile(env: NodeJS.ProcessEnv): Partial<Credentials> {
  const path = profilePath(env);
  if (!existsSync(path)) return {};
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Credentials>;
    return { url: typeof parsed.url === 'string' ? parsed.url : undefined, apiKey: typeof parsed.apiKey === 'string' ? parsed.apiKey : undefined };
  } catch {
    throw new CliError(`The profile ${path} is not valid JSON: sign in again with \`replay login\`.`, EXIT.usage);
  }
}

/** REPLAY_URL and REPLAY_API_KEY from the environment first, each falling back to the profile. */
export function resolveCredentials(env: NodeJS.ProcessEnv): Credentials {
  const profile = env.REPLAY_URL && env.REPLAY_API_KEY ? {} : readProfile(env);
  const url = env.REPLAY_URL || profile.url;
  const apiKey = env.REPLAY_API_KEY || profile.apiKey;
  if (!url || !apiKey) {
    throw new CliError('Not signed in: run `replay login --url <console address> --api-key <key>`, or set REPLAY_URL and REPLAY_API_KEY.', EXIT.usage);
  }
  return { url: checkedUrl(url), apiKey };
}

/** The console's address alone (an operator's commands bring their own token): REPLAY_URL, else the profile's. */
export function resolveConsoleUrl(env: NodeJS.ProcessEnv): string {
  const url = env.REPLAY_URL || readProfile(env).url;
  if (!url) throw new CliError('No console address: set REPLAY_URL, or run `replay login` once.', EXIT.usage);
  return checkedUrl(url);
}

/** The console's address: http(s) only, without a trailing slash. */
export function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`${text} is not a URL: write the console's address, e.g. https://console.example.com.`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${text} is not an http(s) address.`, EXIT.usage);
  return url.toString().replace(/\/+$/, '');
}
