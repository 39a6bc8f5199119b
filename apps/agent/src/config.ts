import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isOrigin } from './settings.ts';

/** SAML settings of the instance, named as in the console's SSO config. */
export interface SsoConfig {
  idpEntityId: string;
  idpSsoUrl: string;
  idpX509cert: string;
  idpSlsUrl: string;
  enforceSSO: boolean;
}

/** What the console may change on a running instance; kept in config.json of the data folder. */
export interface AgentConfig {
  /** Session data older than this many days is removed; null keeps it forever. */
  retentionDays: number | null;
  /** Origins allowed to send recorded events; empty allows any origin. */
  corsOrigins: string[];
  sso: SsoConfig | null;
  updatedAt: number | null;
}

export const DEFAULT_CONFIG: AgentConfig = { retentionDays: 7, corsOrigins: [], sso: null, updatedAt: null };
const CONFIG_FILE = 'config.json';

export function loadConfig(dataDir: string): AgentConfig {
  try {
    return { ...DEFAULT_CONFIG, ...(JSON.parse(readFileSync(join(dataDir, CONFIG_FILE), 'utf8')) as Partial<AgentConfig>) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ...DEFAULT_CONFIG };
    throw e;
  }
}

/** Written beside and renamed over, so a crash mid-write never leaves half a file. */
export function saveConfig(dataDir: string, config: AgentConfig): void {
  const file = join(dataDir, CONFIG_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(config, null, 2));
  renameSync(`${file}.tmp`, file);
}

export type ConfigPatch = Partial<Omit<AgentConfig, 'updatedAt'>>;
type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const SSO_TEXT_FIELDS = ['idpEntityId', 'idpSsoUrl', 'idpX509cert', 'idpSlsUrl'] as const;

/** Checks a config change field by field; unknown fields are refused, never dropped. */
export function parseConfigPatch(body: unknown): Parsed<ConfigPatch> {
  if (!isRecord(body)) return { ok: false, error: 'Expected a JSON object' };
  const unknown = Object.keys(body).filter((k) => !['retentionDays', 'corsOrigins', 'sso'].includes(k));
  if (unknown.length > 0) return { ok: false, error: `Unknown fields: ${unknown.join(', ')}` };
  const patch: ConfigPatch = {};
  if ('retentionDays' in body) {
    const days = body.retentionDays;
    if (days !== null && !(Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 3650)) {
      return { ok: false, error: 'retentionDays must be a whole number of days from 1 to 3650, or null' };
    }
    patch.retentionDays = days as number | null;
  }
  if ('corsOrigins' in body) {
    const origins = body.corsOrigins;
    if (!Array.isArray(origins) || origins.length > 100 || !origins.every((o) => typeof o === 'string' && isOrigin(o))) {
      return { ok: false, error: 'corsOrigins must be a list of origins such as https://app.example.com' };
    }
    if (new Set(origins).size !== origins.length) return { ok: false, error: 'corsOrigins must not repeat an origin' };
    patch.corsOrigins = origins as string[];
  }
  if ('sso' in body) {
    const sso = parseSso(body.sso);
    if (!sso.ok) return sso;
    patch.sso = sso.value;
  }
  return { ok: true, value: patch };
}

function parseSso(sso: unknown): Parsed<SsoConfig | null> {
  if (sso === null) return { ok: true, value: null };
  if (!isRecord(sso)) return { ok: false, error: 'sso must be an object or null' };
  const unknown = Object.keys(sso).filter((k) => k !== 'enforceSSO' && !(SSO_TEXT_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) return { ok: false, error: `Unknown sso fields: ${unknown.join(', ')}` };
  for (const field of SSO_TEXT_FIELDS) {
    const value = sso[field];
    if (typeof value !== 'string' || value.length > 20_000) return { ok: false, error: `sso.${field} must be text` };
  }
  if (typeof sso.enforceSSO !== 'boolean') return { ok: false, error: 'sso.enforceSSO must be true or false' };
  return { ok: true, value: sso as unknown as SsoConfig };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
