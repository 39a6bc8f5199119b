import { accountSchema, accountUpdateSchema, passwordChangeSchema } from '../account';
import { avatarUpdateSchema } from '../avatars';
import { limitsSchema, modulesSchema, moduleToggleSchema } from '../members';
import { endpoint } from '../endpoint';

/** The caller's own account, and the seats and modules (GET /limits, POST /users/modules, spec section 7): any signed-in member. */
export const accountEndpoints = {
  account: endpoint({ method: 'GET', path: '/account', guard: 'authenticated', response: accountSchema }),
  updateAccount: endpoint({
    method: 'POST',
    path: '/account',
    guard: 'authenticated',
    body: accountUpdateSchema,
    response: accountSchema,
    audit: { label: 'Update account' },
  }),
  /** The caller's own avatar icon (spec section 3's 22 names). */
  updateAvatar: endpoint({
    method: 'POST',
    path: '/account/avatar',
    guard: 'authenticated',
    body: avatarUpdateSchema,
    response: accountSchema,
    audit: { label: 'Change avatar' },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/account/password',
    guard: 'authenticated',
    body: passwordChangeSchema,
    response: accountSchema,
    audit: { label: 'Change password' },
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
