import { SIZES, SWITCH_MESSAGES, type InstanceSize } from '@replay/contracts';
import type { Db } from '../../../db/client';
import type { InfrastructureDriver, InstanceHealth, InstanceRuntime } from '../../../infra/driver';
import { errorForLog } from '../../../lib/log-safety';
import { recordInstanceEvent } from '../core/instances.events';
import type { InstanceChange, InstanceRow } from '../core/instances.repo';
import { switchRepo } from './instances.switch-repo';
import type { Clock } from '../../../lib/time';

/**
 * The workflow's switch step (status `upgrading`, with `pendingSize`): the
 * driver restarts the instance's agent with the new type's limits, and once
 * it answers healthy the new size, status running and the `scaleUp` success
 * record land in one compare-and-set. The driver's change is idempotent (an
 * agent already running at the new size is left alone), so a console killed
 * between the two parts restarts nothing twice and records the success once.
 * The last failed attempt undoes the switch: the agent runs again at the old
 * size and the failure is recorded with the words the UI shows.
 */

export interface SwitchStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'changeType' | 'start' | 'health'>;
  clock: Clock;
  /** How long the restarted instance gets to answer its health check. */
  healthTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The instance at `size`, running and answering: restarted by the change, or started if its agent had gone meanwhile. */
async function runAt(d: SwitchStepDeps, instanceId: string, size: InstanceSize): Promise<{ runtime: InstanceRuntime; health: InstanceHealth }> {
  let runtime = await d.driver.changeType(instanceId, size);
  if (runtime.state !== 'running') runtime = await d.driver.start(instanceId);
  const deadline = Date.now() + (d.healthTimeoutMs ?? 20_000);
  for (;;) {
    const health = await d.driver.health(instanceId);
    if (health.healthy) return { runtime, health };
    if (Date.now() > deadline) throw new Error(`The instance did not pass its health check at ${size}: ${health.error ?? `HTTP ${health.statusCode}`}`);
    await sleep(250);
  }
}

/** Where it answers now (a restart may have had to move it to another port) and that it answered. */
function runningChange({ runtime, health }: { runtime: InstanceRuntime; health: InstanceHealth }): InstanceChange {
  return { instanceUrl: runtime.url, healthCheckUrl: runtime.healthUrl, healthy: true, lastHealthAt: new Date(health.checkedAt) };
}

export async function switchSize(d: SwitchStepDeps, row: InstanceRow): Promise<void> {
  // No type asked (never written so by this console): the switch settles where it is.
  const target = row.pendingSize ?? row.size;
  const running = await runAt(d, row.instanceId, target);
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const done = await switchRepo(tx).settle(row, { ...runningChange(running), size: target, updatedAt: at, failure: null, uiFailure: null });
    if (!done) return;
    await recordInstanceEvent(tx, {
      instance: done,
      actor: null,
      at,
      action: 'scaleUp',
      status: 'success',
      comments: `The instance switched from ${SIZES[row.size].label} to ${SIZES[target].label}`,
      event: { type: 'instance.switched', fromSize: row.size },
    });
  });
}

/**
 * A switch step failed. Until the job queue's last attempt only the error is
 * kept (the switch is still under way, and the next attempt tries again).
 * The last one puts the instance back at its old size, its agent restarted at
 * the old limits, running again, and records the failure; if even that
 * restart fails, the instance is left unhealthy for the health watch to
 * report, and the failure says so.
 */
export async function recordSwitchFailure(d: SwitchStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  let failure = errorForLog(err).message;
  if (!final) {
    await switchRepo(d.db).noteFailure(row, failure);
    return;
  }
  let back: InstanceChange = { healthy: false };
  try {
    back = runningChange(await runAt(d, row.instanceId, row.size));
  } catch (e) {
    failure = `${failure}; restarting it at ${SIZES[row.size].label} failed too: ${errorForLog(e).message}`;
  }
  const toSize = row.pendingSize ?? row.size;
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const reverted = await switchRepo(tx).settle(row, { ...back, failure, uiFailure: SWITCH_MESSAGES.failed, updatedAt: at });
    if (!reverted) return;
    await recordInstanceEvent(tx, {
      instance: reverted,
      actor: null,
      at,
      action: 'scaleUp',
      status: 'failed',
      comments: failure,
      event: { type: 'instance.switch_failed', toSize, reason: failure },
    });
  });
}
