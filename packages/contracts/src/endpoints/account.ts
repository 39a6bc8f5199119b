import { accountSchema, accountUpdateSchema, passwordChangeSchema } from '../account';
import { avatarUpdateSchema } from '../avatars';
import { limitsSchema } from '../members';
import { endpoint } from '../endpoint';

/** The caller's own account and its seats (GET /limits, spec section 7): any signed-in member. */
export const accountEndpoints = {
  account: endpoint({ method: 'GET', path: '/account', guard: 'authenticated', response: accountSchema, duringPasswordChange: true, duringMfaEnrolment: true }),
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
    duringPasswordChange: true,
  }),
  limits: endpoint({ method: 'GET', path: '/limits', guard: 'authenticated', response: limitsSchema }),
} as const;
