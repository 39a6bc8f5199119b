import { instanceIdParamsSchema, instanceSchema } from '../instances/instances';
import { versionUpgradeBodySchema } from '../instances/versions';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * The version upgrade (spec section 7): under the permission start, stop and
 * terminate use, recorded in the audit trail with its instance. The list of
 * versions stays with the instances' reads (`versions`).
 */
export const versionEndpoints = {
  /** Starts the upgrade now, or (`when: 'maintenance'`) schedules it for the next maintenance window, replacing any schedule. */
  versionUpgrade: endpoint({
    method: 'POST',
    path: '/managed-saas/instances/:id/version-upgrade',
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    body: versionUpgradeBodySchema,
    response: instanceSchema,
    audit: { label: 'Upgrade instance version', instanceParam: 'id' },
  }),
  /** Drops the upgrade waiting for the maintenance window (409 when none waits). */
  cancelScheduledUpgrade: endpoint({
    method: 'DELETE',
    path: '/managed-saas/instances/:id/version-upgrade',
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    response: instanceSchema,
    audit: { label: 'Cancel scheduled upgrade', instanceParam: 'id' },
  }),
} as const;
