import { ReplayApiError, unwrap } from '@replay/client';
import type { Ctx } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { startProgress } from '../io';

const DEFAULT_INTERVAL_MS = 2000;

/**
 * Asks the instance's status until it is `target` (and no operation is under way), showing a
 * progress line on a terminal. Ends with exit code 6 after `timeoutMs`, and 1 when the instance
 * is terminated while waiting for another status (it will never get there). Waiting for `terminated`, an
 * instance the console no longer knows counts as terminated.
 */
export async function waitForStatus(ctx: Ctx, id: string, target: string, timeoutMs: number, intervalMs = DEFAULT_INTERVAL_MS): Promise<{ status: string; inProgress: boolean }> {
  const { io } = ctx;
  const started = io.now();
  const progress = startProgress(io, ctx.json, `Waiting for instance ${id} to be ${target}`);
  let last = '';
  try {
    for (;;) {
      const current = await currentStatus(ctx, id, target);
      const elapsed = Math.round((io.now() - started) / 1000);
      progress.update(`Instance ${id}: ${current.status}${current.inProgress ? '…' : ''} (${elapsed}s, waiting for ${target})`);
      if (current.status === target && !current.inProgress) return current;
      last = current.status;
      if (current.status === 'terminated') {
        throw new CliError(`Instance ${id} is terminated: it will not become ${target}.`, EXIT.failed);
      }
      const left = started + timeoutMs - io.now();
      if (left <= 0) throw new CliError(`Instance ${id} is still ${last} after ${Math.round(timeoutMs / 1000)}s (waiting for ${target}).`, EXIT.timeout);
      await io.sleep(Math.min(intervalMs, left));
    }
  } finally {
    progress.stop();
  }
}

async function currentStatus(ctx: Ctx, id: string, target: string): Promise<{ status: string; inProgress: boolean }> {
  try {
    return await unwrap(ctx.client().GET('/api/managed-saas/instances/{id}/status', { params: { path: { id } } }));
  } catch (error) {
    if (target === 'terminated' && error instanceof ReplayApiError && error.status === 404) return { status: 'terminated', inProgress: false };
    throw error;
  }
}
