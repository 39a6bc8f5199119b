import { SCIM_SCHEMAS, SCIM_MAX_COUNT, type ScimGroup, type ScimUser } from '@replay/contracts';
import type { ScimGroupRow } from './scim-groups.repo';
import type { ScimUserRow } from './scim-users.repo';

type Ref = { value: string; display: string };

/** A version for the ETag-less `meta.version`: the last change's time, weak as RFC 7644 allows. */
const versionOf = (at: Date) => `W/"${at.getTime().toString(36)}"`;

export function userResource(baseUrl: string, row: ScimUserRow, groups: Ref[]): ScimUser {
  const lastModified = row.updatedAt ?? row.createdAt;
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: row.id,
    userName: row.email,
    name: { formatted: row.name, ...(row.givenName !== null && { givenName: row.givenName }), ...(row.familyName !== null && { familyName: row.familyName }) },
    displayName: row.name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    groups,
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: lastModified.toISOString(), location: `${baseUrl}/Users/${row.id}`, version: versionOf(lastModified) },
    ...(row.externalId !== null && { externalId: row.externalId }),
  };
}

export function groupResource(baseUrl: string, row: ScimGroupRow, members: Ref[]): ScimGroup {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    displayName: row.displayName,
    members,
    meta: { resourceType: 'Group', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${baseUrl}/Groups/${row.id}`, version: versionOf(row.updatedAt) },
    ...(row.externalId !== null && { externalId: row.externalId }),
  };
}

/** A page of a list: RFC 7644's 1-based startIndex, count capped at SCIM_MAX_COUNT. */
export function pageOf(q: { startIndex: number; count: number }): { offset: number; limit: number } {
  return { offset: q.startIndex - 1, limit: Math.min(q.count, SCIM_MAX_COUNT) };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCIM_SCHEMAS.listResponse], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

const userAttributes = [
  { name: 'userName', type: 'string', required: true, uniqueness: 'server' },
  { name: 'name', type: 'complex', required: false },
  { name: 'displayName', type: 'string', required: false },
  { name: 'emails', type: 'complex', multiValued: true, required: false },
  { name: 'active', type: 'boolean', required: false },
  { name: 'externalId', type: 'string', required: false },
  { name: 'groups', type: 'complex', multiValued: true, mutability: 'readOnly' },
];
const groupAttributes = [
  { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
  { name: 'members', type: 'complex', multiValued: true, required: false },
  { name: 'externalId', type: 'string', required: false },
];

/** The discovery documents (RFC 7643 sections 5 to 7): what this service supports, said once. */
export function discovery(baseUrl: string) {
  const resourceTypes = [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: SCIM_SCHEMAS.user,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
  const schemas = [
    { schemas: [SCIM_SCHEMAS.schema], id: SCIM_SCHEMAS.user, name: 'User', attributes: userAttributes, meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.user}` } },
    { schemas: [SCIM_SCHEMAS.schema], id: SCIM_SCHEMAS.group, name: 'Group', attributes: groupAttributes, meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.group}` } },
  ];
  return {
    serviceProviderConfig: {
      schemas: [SCIM_SCHEMAS.serviceProviderConfig],
      documentationUri: `${baseUrl.replace(/\/api\/scim\/v2$/, '')}/api/docs`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: SCIM_MAX_COUNT },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken', name: 'SCIM token', description: 'The account’s SCIM token as a Bearer token.', primary: true }],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
    },
    resourceTypes: listResponse(resourceTypes, resourceTypes.length, 1),
    schemas: listResponse(schemas, schemas.length, 1),
  };
}
