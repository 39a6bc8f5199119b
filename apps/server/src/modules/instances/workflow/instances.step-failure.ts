import { INSTANCE_MESSAGES, type InstanceActivityAction, type InstanceStatus } from '@replay/contracts';
import type { Db } from '../../../db/client';
import { errorForLog } from '../../../lib/log-safety';
import { recordInstanceEvent } from '../core/instances.events';
import type { InstanceRow } from '../core/instances.repo';
import { instancesSystemRepo } from '../core/instances.system-repo';
import type { Clock } from '../../../lib/time';

const VERB: Partial<Record<InstanceStatus, 'create' | 'start' | 'stop' | 'terminate'>> = {
  creating: 'create',
  initializing: 'create',
  starting: 'start',
  stopping: 'stop',
  terminating: 'terminate',
};

/**
 * A step failed. Every attempt leaves the error on the row; the last one the
 * job queue will make also settles inProgress (the UI stops polling and
 * shows the failure) and records it. The status stays, so a console restart,
 * or the user's terminate, picks the instance up again.
 */
export async function recordStepFailure(d: { db: Db; clock: Clock }, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  const verb = VERB[row.status] ?? 'create';
  // Shown to the account's members in the instance's events: the same rule as the logs (no bound values).
  const failure = errorForLog(err).message;
  const uiFailure = INSTANCE_MESSAGES.actionFailed(verb);
  if (!final) {
    await instancesSystemRepo(d.db).recordFailure(row.instanceId, row.status, failure, uiFailure, false);
    return;
  }
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const settled = await instancesSystemRepo(tx).recordFailure(row.instanceId, row.status, failure, uiFailure, true);
    if (!settled) return;
    const action: InstanceActivityAction = verb;
    await recordInstanceEvent(tx, {
      instance: settled,
      actor: null,
      at,
      action,
      status: 'failed',
      comments: failure,
      event: { type: 'instance.failed', verb, reason: failure },
    });
  });
}
