import { backupParamsSchema, instanceBackupsSchema } from '../instances/backups';
import { instanceIdParamsSchema } from '../instances/instances';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';

/**
 * An instance's backups (beyond the spec's Last Backup card): read under the instances'
 * read permission; taking one now and restoring one are changes of the instance, under the
 * permission every other instance change uses, recorded in the audit trail with it.
 */
export const backupEndpoints = {
  backups: endpoint({ method: 'GET', path: `${BASE}/:id/backups`, guard: guardFor('instances'), params: instanceIdParamsSchema, response: instanceBackupsSchema }),
  takeBackup: endpoint({
    method: 'POST',
    path: `${BASE}/:id/backups`,
    guard: guardFor('instancesEdit'),
    params: instanceIdParamsSchema,
    response: instanceBackupsSchema,
    creates: true,
    audit: { label: 'Backup', instanceParam: 'id' },
  }),
  restoreBackup: endpoint({
    method: 'POST',
    path: `${BASE}/:id/backups/:backupId/restore`,
    guard: guardFor('instancesEdit'),
    params: backupParamsSchema,
    response: instanceBackupsSchema,
    audit: { label: 'Backup restore', instanceParam: 'id' },
  }),
} as const;
