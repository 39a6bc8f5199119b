/** The agent as a library: for tests and for a driver that wants its types and exit codes. */
export { startAgent, type Agent } from './server.ts';
export type { AgentState } from './state.ts';
export { readSettings, type AgentSettings } from './settings.ts';
export { signToken, verifyToken, TOKEN_ISSUER, type TokenClaims, type TokenScope } from './tokens.ts';
export { readPidRecord, holdsDataDir, isAlive, PID_FILE, type PidRecord } from './lock.ts';
export type { AgentConfig, SsoConfig } from './config.ts';
export type { AgentStats } from './stats.ts';
export type { BackupResult, CleanupResult } from './data.ts';
export { EXIT_CODES } from './exit-codes.ts';
