import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfig } from '@replay/agent-protocol';

/** What the console may change on a running instance (the protocol's AgentConfig), kept in config.json of the data folder. */
export const DEFAULT_CONFIG: AgentConfig = { retentionDays: 7, corsOrigins: [], sso: null, projectKeys: [], accessList: [], updatedAt: null };
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
