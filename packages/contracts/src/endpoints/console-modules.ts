import { accountSettingsSchema, moduleToggleSchema } from '../console-modules';
import { endpoint } from '../endpoint';

/**
 * The account's optional modules (spec: the /client/modules tab, POST /users/modules).
 * Any signed-in member reaches the call; the change itself is an admin's (the service
 * answers 403 otherwise), as renaming the organization is: the guard table has no
 * 'admin' entry, and modules are no screen's permission. Answers the account's new
 * settings, `{ modules }` (the keys switched off).
 */
export const consoleModuleEndpoints = {
  toggleModule: endpoint({
    method: 'POST',
    path: '/users/modules',
    guard: 'authenticated',
    body: moduleToggleSchema,
    response: accountSettingsSchema,
    audit: { label: 'Toggle module' },
  }),
} as const;
