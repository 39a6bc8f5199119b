/**
 * Processes on this machine, as the console, its local driver and the
 * instance agent see them: whether a pid runs, and the pid record an agent
 * keeps in its data folder. Node built-ins and the agent protocol (the agent's
 * flag names) only; the agent runs it from source, hence the `.ts` imports.
 */
export { isAlive } from './alive.ts';
export { PID_FILE, holdsDataDir, livePidOf, readPidRecord, type PidRecord } from './pid-record.ts';
