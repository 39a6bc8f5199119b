import { cleanupAnswerSchema, cleanupBodySchema, cleanupPreviewSchema, diskUpgradeBodySchema, lastCleanupSchema } from '../instances/disk';
import { instanceIdParamsSchema, instanceSchema } from '../instances/instances';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';
const params = instanceIdParamsSchema;
const about = (label: string) => ({ label, instanceParam: 'id' });

/**
 * Manage Disk (spec section 7): changes under the permission start, stop and
 * terminate use, reads under the instances' read one; each change recorded in
 * the audit trail with its instance.
 */
export const diskEndpoints = {
  diskUpgrade: endpoint({
    method: 'POST',
    path: `${BASE}/:id/disk-upgrade`,
    guard: guardFor('instancesEdit'),
    params,
    body: diskUpgradeBodySchema,
    response: instanceSchema,
    audit: about('Increase disk size'),
    /** The spend budget's hard stop (contracts' budgets.ts). */
    errors: ['budget_exhausted'],
  }),
  cleanup: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cleanup`,
    guard: guardFor('instancesEdit'),
    params,
    body: cleanupBodySchema,
    response: cleanupAnswerSchema,
    audit: about('Disk cleanup'),
  }),
  lastCleanup: endpoint({ method: 'GET', path: `${BASE}/:id/last-cleanup`, guard: guardFor('instances'), params, response: lastCleanupSchema }),
  cleanupPreview: endpoint({ method: 'GET', path: `${BASE}/:id/cleanup-preview`, guard: guardFor('instances'), params, response: cleanupPreviewSchema }),
} as const;
