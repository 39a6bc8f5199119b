import { endpoint } from '../endpoint';
import { guardFor } from '../screens';
import {
  scimDocumentSchema,
  scimEmptySchema,
  scimGroupInputSchema,
  scimGroupListSchema,
  scimGroupMappingSchema,
  scimGroupParamsSchema,
  scimGroupRoleInputSchema,
  scimGroupSchema,
  scimListQuerySchema,
  scimPatchSchema,
  scimProvisioningSchema,
  scimTokenCreatedSchema,
  scimUserInputSchema,
  scimUserListSchema,
  scimUserParamsSchema,
  scimUserSchema,
} from '../scim';
import { okSchema } from '../members';

/** SCIM's own calls (guard 'scim': the account's SCIM token). Answers are SCIM's wire (`scim: true`). */
const scim = { guard: 'scim', scim: true } as const;

export const scimEndpoints = {
  scimServiceProviderConfig: endpoint({ ...scim, method: 'GET', path: '/scim/v2/ServiceProviderConfig', response: scimDocumentSchema }),
  scimResourceTypes: endpoint({ ...scim, method: 'GET', path: '/scim/v2/ResourceTypes', response: scimDocumentSchema }),
  scimSchemas: endpoint({ ...scim, method: 'GET', path: '/scim/v2/Schemas', response: scimDocumentSchema }),
  scimUsers: endpoint({ ...scim, method: 'GET', path: '/scim/v2/Users', query: scimListQuerySchema, response: scimUserListSchema }),
  scimUser: endpoint({ ...scim, method: 'GET', path: '/scim/v2/Users/:id', params: scimUserParamsSchema, response: scimUserSchema }),
  scimCreateUser: endpoint({
    ...scim,
    method: 'POST',
    path: '/scim/v2/Users',
    body: scimUserInputSchema,
    response: scimUserSchema,
    status: 201,
    audit: { label: 'SCIM: create user' },
    errors: ['conflict'],
  }),
  scimReplaceUser: endpoint({
    ...scim,
    method: 'PUT',
    path: '/scim/v2/Users/:id',
    params: scimUserParamsSchema,
    body: scimUserInputSchema,
    response: scimUserSchema,
    audit: { label: 'SCIM: replace user' },
    errors: ['conflict', 'forbidden'],
  }),
  scimPatchUser: endpoint({
    ...scim,
    method: 'PATCH',
    path: '/scim/v2/Users/:id',
    params: scimUserParamsSchema,
    body: scimPatchSchema,
    response: scimUserSchema,
    audit: { label: 'SCIM: update user' },
    errors: ['conflict', 'forbidden'],
  }),
  scimDeleteUser: endpoint({
    ...scim,
    method: 'DELETE',
    path: '/scim/v2/Users/:id',
    params: scimUserParamsSchema,
    response: scimEmptySchema,
    status: 204,
    audit: { label: 'SCIM: delete user' },
    errors: ['conflict', 'forbidden'],
  }),
  scimGroups: endpoint({ ...scim, method: 'GET', path: '/scim/v2/Groups', query: scimListQuerySchema, response: scimGroupListSchema }),
  scimGroup: endpoint({ ...scim, method: 'GET', path: '/scim/v2/Groups/:id', params: scimGroupParamsSchema, response: scimGroupSchema }),
  scimCreateGroup: endpoint({
    ...scim,
    method: 'POST',
    path: '/scim/v2/Groups',
    body: scimGroupInputSchema,
    response: scimGroupSchema,
    status: 201,
    audit: { label: 'SCIM: create group' },
    errors: ['conflict'],
  }),
  scimReplaceGroup: endpoint({
    ...scim,
    method: 'PUT',
    path: '/scim/v2/Groups/:id',
    params: scimGroupParamsSchema,
    body: scimGroupInputSchema,
    response: scimGroupSchema,
    audit: { label: 'SCIM: replace group' },
    errors: ['conflict'],
  }),
  scimPatchGroup: endpoint({
    ...scim,
    method: 'PATCH',
    path: '/scim/v2/Groups/:id',
    params: scimGroupParamsSchema,
    body: scimPatchSchema,
    response: scimGroupSchema,
    audit: { label: 'SCIM: update group' },
    errors: ['conflict'],
  }),
  scimDeleteGroup: endpoint({ ...scim, method: 'DELETE', path: '/scim/v2/Groups/:id', params: scimGroupParamsSchema, response: scimEmptySchema, status: 204, audit: { label: 'SCIM: delete group' } }),
};

/** The owner's side: the token (shown once), its revocation, and each group's role. People only: a key never mints a provisioning credential. */
const owner = { guard: guardFor('membersEdit'), peopleOnly: true } as const;

export const scimAdminEndpoints = {
  scimProvisioning: endpoint({ ...owner, method: 'GET', path: '/client/scim', response: scimProvisioningSchema, summary: 'Read the SCIM provisioning settings (owners)' }),
  /** 200, not 201: a call replaces the live token (a rotation) as often as it makes the first; no Idempotency-Key replays a secret. */
  createScimToken: endpoint({
    ...owner,
    method: 'POST',
    path: '/client/scim/token',
    response: scimTokenCreatedSchema,
    audit: { label: 'Create SCIM token' },
    summary: 'Create or rotate the SCIM token (owners)',
    errors: ['fresh_proof_required'],
  }),
  revokeScimToken: endpoint({ ...owner, method: 'DELETE', path: '/client/scim/token', response: okSchema, audit: { label: 'Revoke SCIM token' }, summary: 'Revoke the SCIM token (owners)' }),
  mapScimGroup: endpoint({
    ...owner,
    method: 'PUT',
    path: '/client/scim/groups/:id',
    params: scimGroupParamsSchema,
    body: scimGroupRoleInputSchema,
    response: scimGroupMappingSchema,
    audit: { label: 'Map SCIM group to role' },
    summary: 'Map a SCIM group to a role (owners)',
  }),
};
