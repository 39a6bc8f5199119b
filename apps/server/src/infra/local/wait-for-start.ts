import { checkHealth, type AgentAddress } from '../agent-client';
import type { SpawnedAgent } from './agent-process';

export type StartOutcome = { kind: 'healthy' } | { kind: 'exited'; code: number | null } | { kind: 'timeout' };

const POLL_MS = 20;

/** Polls the new agent's health until it answers as this instance, exits, or runs out of time. */
export async function waitForStart(agent: AgentAddress, spawned: SpawnedAgent, timeoutMs: number): Promise<StartOutcome> {
  let exit: StartOutcome | null = null;
  void spawned.exited.then((code) => (exit = { kind: 'exited', code }));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) return exit;
    if ((await checkHealth(agent)).healthy) return { kind: 'healthy' };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return exit ?? { kind: 'timeout' };
}
