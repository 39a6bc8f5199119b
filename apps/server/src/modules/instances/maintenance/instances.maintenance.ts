import { Cron } from 'croner';
import { and, eq, ne, sql } from 'drizzle-orm';
import { INSTANCE_MESSAGES, frequencyLabel, maintenanceFields, type MaintenanceWindow } from '@replay/contracts';
import type { Database } from '../../../db/client';
import { instances } from '../../../db/schema';
import { conflict } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import { msOrNull, type Clock } from '../../../lib/time';
import { claimWithRecord } from '../core/instances.accept-change.door';
import type { InstanceRow } from '../core/instances.repo';
import type { InstancesService } from '../core/instances.service';

export interface MaintenanceDeps {
  database: Database;
  clock: Clock;
  /** The one scope rule (404 for another account's id or one outside the caller's role). */
  instances: Pick<InstancesService, 'load'>;
}

/** When the window `cron` (UTC) next opens after `from`: croner, which reads the `D#1` "first weekday" form too. */
export function nextWindow(cron: string, from: Date): Date {
  const next = new Cron(cron, { timezone: 'UTC' }).nextRun(from);
  if (!next) throw new Error(`The maintenance window ${cron} never opens`);
  return next;
}

/** One opening of a window, for the Events tab (whose readers may be anywhere): "2026-11-30 00:00 UTC". */
export function openingLabel(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The window in words, for the Events tab: "Every Monday at 12:00 AM UTC". */
export function windowLabel(cron: string): string {
  const f = maintenanceFields(cron);
  if (!f) return cron;
  return `${frequencyLabel(f.frequency, f.day)} at ${f.hour}:${String(f.minute).padStart(2, '0')} ${f.meridiem} UTC`;
}

function windowToWire(row: InstanceRow, now: Date): MaintenanceWindow {
  const fields = maintenanceFields(row.maintenanceCron);
  // Only crons the form makes are stored; a row changed outside the console is a bug to see, not to hide.
  if (!fields) throw new Error(`Instance ${row.instanceId} holds a maintenance cron the console does not make: ${row.maintenanceCron}`);
  return { cron: row.maintenanceCron, ...fields, nextWindowAt: nextWindow(row.maintenanceCron, now).getTime(), updatedAt: msOrNull(row.maintenanceUpdatedAt) };
}

/** The maintenance window: read it (with the next opening), and move it. */
export function createMaintenanceService(deps: MaintenanceDeps) {
  return {
    async read(p: Principal, instanceId: string): Promise<MaintenanceWindow> {
      return windowToWire(await deps.instances.load(p, instanceId), deps.clock.now());
    },

    /**
     * Saves the window with the member's `changeMaintenanceWindow` record; nothing runs on the agent for it.
     * An upgrade waiting for the window now waits for the new one's next opening.
     */
    async save(p: Principal, instanceId: string, cron: string): Promise<MaintenanceWindow> {
      const row = await deps.instances.load(p, instanceId);
      if (row.status === 'terminated') throw conflict(INSTANCE_MESSAGES.terminated);
      const at = deps.clock.now();
      const opening = nextWindow(cron, at);
      // The record names the waiting upgrade as it was read; the row's own schedule moves in the same statement as the cron, whatever it is by then.
      const moves = row.scheduledVersion === null ? '' : `; the upgrade to ${row.scheduledVersion} now waits for the window of ${openingLabel(opening)}`;
      const saved = await claimWithRecord(
        deps.database.db,
        p,
        at,
        async (tx) => {
          const [changed] = await tx
            .update(instances)
            .set({
              maintenanceCron: cron,
              maintenanceUpdatedAt: at,
              scheduledVersionAt: sql`case when ${instances.scheduledVersion} is null then null else ${opening.toISOString()}::timestamptz end`,
              updatedAt: at,
              updatedBy: p.userId,
            })
            .where(and(eq(instances.instanceId, instanceId), eq(instances.tenantId, p.tenantId), ne(instances.status, 'terminated')))
            .returning();
          return changed ?? null;
        },
        {
          action: 'changeMaintenanceWindow',
          status: 'success',
          comments: `Maintenance window: ${windowLabel(cron)}${moves}`,
          event: { type: 'instance.maintenance_window_changed', cron, previousCron: row.maintenanceCron },
        },
      );
      if (!saved) throw conflict(INSTANCE_MESSAGES.terminated);
      return windowToWire(saved, at);
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
