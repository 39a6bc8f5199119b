import { accountSchema, accountUpdateSchema, passwordChangeSchema } from '../account';
import { limitsSchema, modulesSchema, moduleToggleSchema } from '../members';
import { endpoint } from '../endpoint';

/** The caller's own account, and the seats and modules (GET /limits, POST /users/modules, spec section 7): any signed-in member. */
export const accountEndpoints = {
  account: endpoint({ method: 'GET', path: '/account', guard: 'authenticated', response: accountSchema, duringPasswordChange: true }),
  updateAccount: endpoint({
    method: 'POST',
    path: '/account',
    guard: 'authenticated',
    body: accountUpdateSchema,
    response: accountSchema,
    audit: { label: 'Update account' },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/account/password',
    guard: 'authenticated',
    body: passwordChangeSchema,
    response: accountSchema,
    audit: { label: 'Change password' },
    duringPasswordChange: true,
  }),
  limits: endpoint({ method: 'GET', path: '/limits', guard: 'authenticated', response: limitsSchema }),
  toggleModule: endpoint({
    method: 'POST',
    path: '/users/modules',
    guard: 'authenticated',
    body: moduleToggleSchema,
    response: modulesSchema,
    audit: { label: 'Toggle module' },
  }),
} as const;
