import { accessCheckBodySchema, accessCheckSchema, accessListBodySchema, accessListSchema } from '../instances/access-list';
import { corsCheckBodySchema, corsCheckSchema, corsConfigBodySchema, instanceConfigSchema } from '../instances/cors';
import { instanceIdParamsSchema } from '../instances/instances';
import { maintenanceBodySchema, maintenanceWindowSchema } from '../instances/maintenance';
import { accountRetentionSchema, retentionBodySchema, retentionReadSchema, retentionSchema } from '../instances/retention';
import { ssoBodySchema, ssoConfigSchema } from '../instances/sso';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const BASE = '/managed-saas/instances';
const params = instanceIdParamsSchema;

/**
 * The instance's configuration (spec section 7's `GET and POST …/config`): read under the
 * instances' read permission, changed under the one every other instance change uses, and
 * recorded in the audit trail with its instance. The origin check changes nothing. The
 * retention has its own pair (spec: `GET and POST …/config-disk-usage`).
 */
export const configEndpoints = {
  instanceConfig: endpoint({ method: 'GET', path: `${BASE}/:id/config`, guard: guardFor('instances'), params, response: instanceConfigSchema }),
  saveInstanceConfig: endpoint({
    method: 'POST',
    path: `${BASE}/:id/config`,
    guard: guardFor('instancesEdit'),
    params,
    body: corsConfigBodySchema,
    response: instanceConfigSchema,
    audit: { label: 'CORS update', instanceParam: 'id' },
  }),
  corsCheck: endpoint({
    method: 'POST',
    path: `${BASE}/:id/cors-check`,
    guard: guardFor('instances'),
    params,
    body: corsCheckBodySchema,
    response: corsCheckSchema,
    audit: { unrecorded: 'a question put to the instance; it changes nothing' },
  }),
  retention: endpoint({ method: 'GET', path: `${BASE}/:id/config-disk-usage`, guard: guardFor('instances'), params, response: retentionReadSchema }),
  saveRetention: endpoint({
    method: 'POST',
    path: `${BASE}/:id/config-disk-usage`,
    guard: guardFor('instancesEdit'),
    params,
    body: retentionBodySchema,
    response: retentionSchema,
    audit: { label: 'Retention update', instanceParam: 'id' },
  }),
  /** Every instance of the account at once (spec: `POST /managed-saas/config-disk-usage`): only a member whose role reaches them all. */
  saveAccountRetention: endpoint({
    method: 'POST',
    path: '/managed-saas/config-disk-usage',
    guard: guardFor('instancesEdit'),
    body: retentionBodySchema,
    response: accountRetentionSchema,
    audit: { label: 'Retention update (all instances)' },
  }),
  /** Not in the spec's list (it gives only the save), needed by the Upcoming Maintenance card and the form. */
  maintenanceWindow: endpoint({ method: 'GET', path: `${BASE}/:id/maintenance-window`, guard: guardFor('instances'), params, response: maintenanceWindowSchema }),
  saveMaintenanceWindow: endpoint({
    method: 'POST',
    path: `${BASE}/:id/maintenance-window`,
    guard: guardFor('instancesEdit'),
    params,
    body: maintenanceBodySchema,
    response: maintenanceWindowSchema,
    audit: { label: 'Maintenance window change', instanceParam: 'id' },
  }),
  ssoConfig: endpoint({ method: 'GET', path: `${BASE}/:id/config-sso`, guard: guardFor('instances'), params, response: ssoConfigSchema }),
  saveSsoConfig: endpoint({
    method: 'POST',
    path: `${BASE}/:id/config-sso`,
    guard: guardFor('instancesEdit'),
    params,
    body: ssoBodySchema,
    response: ssoConfigSchema,
    audit: { label: 'SSO update', instanceParam: 'id' },
  }),
  /** Not in the spec (its payload has no "off"): turns SSO off, the instance's password sign-in back on. */
  removeSsoConfig: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id/config-sso`,
    guard: guardFor('instancesEdit'),
    params,
    response: ssoConfigSchema,
    audit: { label: 'SSO removal', instanceParam: 'id' },
  }),
  /** Not in the spec (issue 45): who may reach the instance by network address, and a tester that asks the running instance. */
  accessList: endpoint({ method: 'GET', path: `${BASE}/:id/access-list`, guard: guardFor('instances'), params, response: accessListSchema }),
  saveAccessList: endpoint({
    method: 'POST',
    path: `${BASE}/:id/access-list`,
    guard: guardFor('instancesEdit'),
    params,
    body: accessListBodySchema,
    response: accessListSchema,
    audit: { label: 'Network access update', instanceParam: 'id' },
  }),
  accessCheck: endpoint({
    method: 'POST',
    path: `${BASE}/:id/access-check`,
    guard: guardFor('instances'),
    params,
    body: accessCheckBodySchema,
    response: accessCheckSchema,
    audit: { unrecorded: 'a question put to the instance; it changes nothing' },
  }),
} as const;
