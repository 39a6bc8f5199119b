import { sessionSettingsBodySchema, sessionSettingsSchema } from '../session-settings';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

/**
 * The account's session settings (spec: the /client sessions-listing tab): read under the
 * instances' read permission, changed under the one every instance change uses (the capture
 * part changes what every instance of the account records), recorded in the audit trail.
 */
export const sessionSettingsEndpoints = {
  sessionSettings: endpoint({ method: 'GET', path: '/session-settings', guard: guardFor('instances'), response: sessionSettingsSchema }),
  saveSessionSettings: endpoint({
    method: 'POST',
    path: '/session-settings',
    guard: guardFor('instancesEdit'),
    body: sessionSettingsBodySchema,
    response: sessionSettingsSchema,
    audit: { label: 'Session settings update' },
  }),
} as const;
