import { instanceIdParamsSchema, instanceSchema } from '../instances';
import { versionUpgradeBodySchema } from '../versions';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * The version upgrade (spec section 7): under the permission start, stop and
 * terminate use, recorded in the audit trail with its instance. The list of
 * versions stays with the instances' reads (`versions`).
 */
export const versionEndpoints = {
  versionUpgrade: endpoint({
    method: 'POST',
    path: '/managed-saas/instances/:id/version-upgrade',
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    body: versionUpgradeBodySchema,
    response: instanceSchema,
    audit: { label: 'Upgrade instance version', instanceParam: 'id' },
  }),
} as const;
