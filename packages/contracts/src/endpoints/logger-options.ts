import { loggerOptionsBodySchema, loggerOptionsSchema } from '../logger-options';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * The account's logger options (spec section 3's client/tenant loggerOptions; its client
 * paths are "not shown", so these are the decision): read under the instances' read
 * permission, changed under the one every instance change uses (they change what every
 * instance of the account accepts and stores), recorded in the audit trail.
 */
export const loggerOptionsEndpoints = {
  loggerOptions: endpoint({ method: 'GET', path: '/client/logger-options', guard: guardFor('instances'), response: loggerOptionsSchema }),
  saveLoggerOptions: endpoint({
    method: 'POST',
    path: '/client/logger-options',
    guard: guardFor('instancesEdit'),
    body: loggerOptionsBodySchema,
    response: loggerOptionsSchema,
    audit: { label: 'Logger options update' },
  }),
} as const;
