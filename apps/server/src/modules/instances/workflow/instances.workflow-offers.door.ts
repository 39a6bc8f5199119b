import type { Db } from '../../../db/client';
import type { InfrastructureDriver, UpgradeBackup } from '../../../infra/driver';
import type { Clock } from '../../../lib/time';
import type { InstanceRow } from '../core/instances.repo';

/** The driver calls the workflow makes, and no others. */
export type WorkflowDriver = Pick<
  InfrastructureDriver,
  'create' | 'start' | 'stop' | 'terminate' | 'health' | 'resizeDisk' | 'cleanup' | 'applyConfig' | 'backup' | 'restoreData' | 'changeType' | 'upgradeVersion' | 'backupForUpgrade' | 'restoreBackup'
>;

/** What a step another module offers is handed: the database, the workflow's driver calls and the clock. */
export interface OfferedStepDeps {
  db: Db;
  driver: WorkflowDriver;
  clock: Clock;
}

/** A step on a running instance at rest, run when `needs` says so; it settles its own last failure and leaves the status alone. */
export interface OfferedStep {
  /** Its name in the workflow's metrics. */
  name: string;
  needs: (row: InstanceRow) => boolean;
  run: (d: OfferedStepDeps, row: InstanceRow) => Promise<void>;
  /** `final`: the job's last attempt. */
  onFailure: (d: OfferedStepDeps, row: InstanceRow, err: unknown, final: boolean) => Promise<void>;
}

/**
 * What another module adds to the instance workflow: a service its manifest builds under the
 * name `instanceWorkflowOffers` (modules/backups offers its backup and restore steps and keeps
 * the copy a version upgrade takes). The workflow's job reads it from the services the
 * composition root built, so instances never import the module that offers it.
 */
export interface WorkflowOffers {
  /** Run after the instances' own steps at rest (a disk growing, a cleanup, a config change), first needed first. */
  atRest: readonly OfferedStep[];
  /** Keeps the copy a version upgrade took before it changed anything; called before the new version starts, again after a crash. */
  recordUpgradeBackup: (db: Db, instance: Pick<InstanceRow, 'instanceId' | 'tenantId'>, backup: UpgradeBackup) => Promise<void>;
}

/** The services the workflow's job reads the offers from. */
export interface WorkflowOffersServices {
  instanceWorkflowOffers?: WorkflowOffers;
}

/** A console without a module that offers anything: no more steps, and no upgrade copy to keep beyond the driver's. */
export const NO_WORKFLOW_OFFERS: WorkflowOffers = { atRest: [], recordUpgradeBackup: async () => undefined };
