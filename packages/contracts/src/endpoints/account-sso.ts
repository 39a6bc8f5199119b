import {
  claimSsoDomainSchema,
  saveSsoConnectionSchema,
  ssoDomainParamsSchema,
  ssoDomainSchema,
  ssoEnforcementSchema,
  ssoRedirectSchema,
  ssoSettingsSchema,
  verifySsoDomainSchema,
} from '../account-sso';
import { endpoint } from '../endpoint';
import { okSchema } from '../members';
import { guardFor } from '../screens';

/**
 * The account's single sign-on (account-sso.ts). The screen's permission is the table's `sso`
 * (EDIT_MEMBERS: a connection decides who becomes a member); the calls are the owner's alone
 * (the service answers 403 to any other holder) and a person's (never an API key's): who may
 * sign in, and whether passwords still work, is the owner's choice.
 */
const owner = { guard: guardFor('sso'), peopleOnly: true } as const;
const ownerOnly = 'Only the account owner (403 `forbidden` for any other member).';

export const accountSsoEndpoints = {
  getSsoSettings: endpoint({ method: 'GET', path: '/client/sso', ...owner, response: ssoSettingsSchema, summary: 'Read single sign-on settings', description: ownerOnly }),
  saveSsoConnection: endpoint({
    method: 'PUT',
    path: '/client/sso',
    ...owner,
    body: saveSsoConnectionSchema,
    response: ssoSettingsSchema,
    audit: { label: 'Save single sign-on connection' },
    description: `${ownerOnly} Saves the connection as a draft: any change of its settings needs a new test sign-in before it can be enforced.`,
  }),
  deleteSsoConnection: endpoint({ method: 'DELETE', path: '/client/sso', ...owner, response: okSchema, audit: { label: 'Remove single sign-on connection' }, description: ownerOnly }),
  setSsoEnforcement: endpoint({
    method: 'PUT',
    path: '/client/sso/enforcement',
    ...owner,
    body: ssoEnforcementSchema,
    response: ssoSettingsSchema,
    audit: { label: 'Change single sign-on enforcement' },
    errors: ['conflict'],
    description: `${ownerOnly} Enforcing needs a passed test sign-in and a verified domain (409 otherwise).`,
  }),
  claimSsoDomain: endpoint({
    method: 'POST',
    path: '/client/sso/domains',
    ...owner,
    body: claimSsoDomainSchema,
    response: ssoDomainSchema,
    status: 201,
    audit: { label: 'Claim single sign-on domain' },
    errors: ['conflict'],
    description: `${ownerOnly} Claims the email's domain and mails a code to that address; the claim is pending until the code is entered.`,
  }),
  verifySsoDomain: endpoint({
    method: 'POST',
    path: '/client/sso/domains/:id/verify',
    ...owner,
    params: ssoDomainParamsSchema,
    body: verifySsoDomainSchema,
    response: ssoDomainSchema,
    audit: { label: 'Verify single sign-on domain' },
    errors: ['bad_request', 'conflict'],
    description: ownerOnly,
  }),
  deleteSsoDomain: endpoint({
    method: 'DELETE',
    path: '/client/sso/domains/:id',
    ...owner,
    params: ssoDomainParamsSchema,
    response: okSchema,
    audit: { label: 'Remove single sign-on domain' },
    description: ownerOnly,
  }),
  testSsoConnection: endpoint({
    method: 'POST',
    path: '/client/sso/test',
    ...owner,
    response: ssoRedirectSchema,
    audit: { label: 'Start single sign-on test' },
    errors: ['bad_request', 'conflict'],
    description: `${ownerOnly} Starts a test sign-in: the browser goes to \`redirectUrl\` and comes back to the SSO screen with the result. Only a passed test marks the connection tested.`,
  }),
} as const;
