import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** This machine's name, as process identities carry it. */
export const HOST = hostname();

/**
 * This console process, as a holder of work (a workflow lease) and a row of console_processes:
 * unique per start, so a restarted process never mistakes an old lease for its own.
 */
export const PROCESS_ID = `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`;
