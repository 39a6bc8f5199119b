import type { Db } from '../../db/client';
import type { InfrastructureDriver } from '../../infra/driver';
import type { Clock } from '../../lib/context';
import { errorForLog } from '../../lib/log-safety';
import { configRepo } from './instances.config-repo';
import { recordInstanceEvent } from './instances.events';
import type { InstanceRow } from './instances.repo';

/**
 * The workflow's config step: a saved configuration the agent does not have yet
 * (`configVersion` ahead of `configAppliedVersion`) is applied to the running
 * instance, whole, then the applied version and the `cors` success record land in
 * one compare-and-set. Applying the whole configuration is idempotent, so a console
 * killed between the two applies it again and records once; a save made meanwhile
 * leaves the version ahead, and the next round applies that one too. A stopped
 * instance keeps it (the agent keeps its config in its data folder) until it runs.
 */

export interface ConfigStepDeps {
  db: Db;
  driver: Pick<InfrastructureDriver, 'applyConfig'>;
  clock: Clock;
}

export const needsConfig = (row: Pick<InstanceRow, 'configVersion' | 'configAppliedVersion' | 'status'>): boolean =>
  row.configVersion !== row.configAppliedVersion && row.status === 'running';

export async function applyConfig(d: ConfigStepDeps, row: InstanceRow): Promise<void> {
  await d.driver.applyConfig(row.instanceId, { corsOrigins: row.corsOrigins });
  const at = d.clock.now();
  await d.db.transaction(async (tx) => {
    const settled = await configRepo(tx).settleConfig(row);
    if (!settled) return;
    await recordInstanceEvent(tx, {
      instance: settled,
      actor: null,
      at,
      action: 'cors',
      status: 'success',
      comments: row.corsOrigins.length ? `The instance now accepts recordings from ${row.corsOrigins.join(', ')}` : 'The instance now accepts recordings from any origin',
      event: { type: 'instance.cors_applied', origins: row.corsOrigins },
    });
  });
}

/**
 * A config step failed. Until the job queue's last attempt it is only tried again; the
 * last one records the failure and leaves the configuration pending, so the next round
 * of the workflow (a start, another save) applies it. The instance itself is fine.
 */
export async function recordConfigFailure(d: ConfigStepDeps, row: InstanceRow, err: unknown, final: boolean): Promise<void> {
  if (!final) return;
  const reason = errorForLog(err).message;
  await d.db.transaction(async (tx) => {
    await recordInstanceEvent(tx, {
      instance: row,
      actor: null,
      at: d.clock.now(),
      action: 'cors',
      status: 'failed',
      comments: reason,
      event: { type: 'instance.cors_failed', reason },
    });
  });
}
