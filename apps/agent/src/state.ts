import type { AccessGate } from './access.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentConfig } from '@replay/agent-protocol';
import type { UsedTokens } from './data.ts';
import type { CaptureGate } from './capture.ts';
import type { DiskUsage } from './disk.ts';
import type { IngestFacts } from './ingest-facts.ts';
import type { IngestLimiter } from './ingest-limiter.ts';
import type { LoggerGate } from './logger.ts';
import type { PasswordStore, SigninFailures } from './passwords.ts';
import type { AgentSettings } from './settings.ts';
import type { StatsSampler } from './stats.ts';
import type { SessionStore } from './storage/store.ts';

// Its own file so that route files (admin, ingest) and the server that mounts them do not import each other.
/** What route handlers share: the settings, the live config, and the data folder's state. */
export interface AgentState {
  settings: AgentSettings;
  config: AgentConfig;
  stats: StatsSampler;
  disk: DiskUsage;
  /** The recorded sessions: chunk files and their index. */
  storage: SessionStore;
  limiter: IngestLimiter;
  /** Whether recordings (and ones naming a user) have arrived. */
  ingestFacts: IngestFacts;
  /** Which sessions are recorded (the capture rate and condition sets), and how many were. */
  capture: CaptureGate;
  /** Which clients and pages may send (the logger options), and how many were refused. */
  logger: LoggerGate;
  usedTokens: UsedTokens;
  /** Which client addresses may reach the instance (the network access list), and how many were refused. */
  access: AccessGate;
  /** The instance's password users (users.json). */
  passwords: PasswordStore;
  /** Failed password sign-ins per client address. */
  signinFailures: SigninFailures;
  now(): number;
  applyRetention(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL, state: AgentState) => Promise<void> | void;
