import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentConfig } from '@replay/agent-protocol';
import type { UsedTokens } from './data.ts';
import type { DiskUsage } from './disk.ts';
import type { IngestLimiter } from './ingest-limiter.ts';
import type { AgentSettings } from './settings.ts';
import type { StatsSampler } from './stats.ts';

// Its own file so that route files (admin, ingest) and the server that mounts them do not import each other.
/** What route handlers share: the settings, the live config, and the data folder's state. */
export interface AgentState {
  settings: AgentSettings;
  config: AgentConfig;
  stats: StatsSampler;
  disk: DiskUsage;
  limiter: IngestLimiter;
  usedTokens: UsedTokens;
  now(): number;
  applyRetention(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, state: AgentState) => Promise<void> | void;
