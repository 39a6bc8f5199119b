import { z } from 'zod';
import { safeExactText, safeInt, safeText, safeUuid, uuidParamsSchema } from './safe';
import { emailSchema } from './validation';

/**
 * SCIM 2.0 provisioning (RFC 7643/7644; issue 45, point 2): an identity provider (Okta, Entra
 * ID) creates, updates and deactivates an account's members and groups with the account's SCIM
 * token, sent as `Authorization: Bearer <token>`. The token is `rcs_` and 43 base64url
 * characters (256 random bits), shown once, stored as its SHA-256 digest; one live token per
 * account. The wire is SCIM's own (`application/scim+json`, resources unwrapped, SCIM error
 * bodies) under /api/scim/v2; the owner's calls to manage the token and map groups to roles are
 * the console's usual wire.
 */

export const SCIM_TOKEN_PREFIX = 'rcs_';
export const SCIM_MEDIA_TYPE = 'application/scim+json';
/** Where the SCIM service answers, under the console's address. */
export const SCIM_BASE_PATH = '/api/scim/v2';
/** Who the audit trail names for a call made with an account's SCIM token. */
export const SCIM_AUDIT_NAME = 'SCIM token';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** SCIM's `scimType` of a 400 or 409 (RFC 7644 section 3.12). */
export const SCIM_TYPES = ['invalidFilter', 'invalidValue', 'invalidSyntax', 'invalidPath', 'noTarget', 'uniqueness', 'mutability', 'tooMany'] as const;
export type ScimType = (typeof SCIM_TYPES)[number];

/** A page of a SCIM list: at most this many resources, whatever `count` asks. */
export const SCIM_MAX_COUNT = 200;
export const SCIM_DEFAULT_COUNT = 100;

export const SCIM_MESSAGES = {
  userNotFound: 'User not found.',
  groupNotFound: 'Group not found.',
  tokenNotFound: 'There is no SCIM token to revoke.',
  invalidToken: 'This SCIM token is not valid: it is unknown or revoked.',
  ownerOnly: 'Only an owner of the account manages its SCIM provisioning.',
  userNameTaken: 'A user with this userName already exists.',
  groupNameTaken: 'A group with this displayName already exists.',
  invalidFilter: (why: string) => `Unsupported filter: ${why}`,
  invalidPath: (path: string) => `Unsupported path: ${path}`,
  invalidValue: (what: string) => `Invalid value for ${what}.`,
  notOwnerRole: 'The Owner role cannot be given through a SCIM group.',
  roleNotFound: 'Role not found.',
  protectedUser: 'An owner of the account cannot be deactivated or deleted through SCIM.',
  tokenShownOnce: 'Copy the token now: it is shown only once and cannot be recovered.',
  revokeConfirm: 'Revoke the SCIM token? Your identity provider can no longer provision users until you create a new one.',
} as const;

const scimText = (max: number) => safeText(max);

/** One e-mail of a user: the first (or the primary) is the member's address. */
const scimEmailSchema = z.looseObject({ value: emailSchema, type: scimText(40).optional(), primary: z.boolean().optional() });
const scimNameSchema = z.looseObject({ givenName: scimText(100).optional(), familyName: scimText(100).optional(), formatted: scimText(200).optional() });
/** Entra sends `active` as the text "True"/"False" in some calls; both are read as a boolean. */
export const scimBooleanSchema = z.union([z.boolean(), z.enum(['True', 'False', 'true', 'false']).transform((v) => v.toLowerCase() === 'true')]);

/**
 * A user as an identity provider sends it (POST, PUT). Loose: providers send attributes the
 * console does not keep (locale, title, phone numbers, their extensions), which are ignored as
 * RFC 7643 allows; the ones kept pass the shared rules.
 */
export const scimUserInputSchema = z
  .looseObject({
    schemas: z.array(scimText(200)).optional(),
    userName: emailSchema,
    externalId: scimText(200).optional(),
    name: scimNameSchema.optional(),
    displayName: scimText(200).optional(),
    emails: z.array(scimEmailSchema).max(10).optional(),
    active: scimBooleanSchema.optional(),
  })
  .meta({ examples: [{ schemas: [SCIM_SCHEMAS.user], userName: 'jane.doe@example.com', name: { givenName: 'Jane', familyName: 'Doe' }, active: true }] });
export type ScimUserInput = z.output<typeof scimUserInputSchema>;

/** One operation of a PATCH: Okta writes `replace`, Entra `Replace`; the path is optional (a value object then). */
export const scimPatchOperationSchema = z.looseObject({
  op: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'])),
  path: safeExactText(300).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.output<typeof scimPatchOperationSchema>;
export const scimPatchSchema = z
  .looseObject({ schemas: z.array(scimText(200)).optional(), Operations: z.array(scimPatchOperationSchema).min(1).max(1000) })
  .meta({ examples: [{ schemas: [SCIM_SCHEMAS.patchOp], Operations: [{ op: 'replace', value: { active: false } }] }] });

const scimMemberRefSchema = z.looseObject({ value: safeUuid(SCIM_MESSAGES.userNotFound), display: scimText(320).optional() });
export const scimGroupInputSchema = z
  .looseObject({
    schemas: z.array(scimText(200)).optional(),
    displayName: scimText(200).check(z.minLength(1)),
    externalId: scimText(200).optional(),
    members: z.array(scimMemberRefSchema).max(10_000).optional(),
  })
  .meta({ examples: [{ schemas: [SCIM_SCHEMAS.group], displayName: 'Engineering', members: [] }] });
export type ScimGroupInput = z.output<typeof scimGroupInputSchema>;

/** A list's query: a filter (the subset of scim-filter.ts), 1-based startIndex and count. */
export const scimListQuerySchema = z.object({
  filter: safeExactText(500).optional(),
  startIndex: safeInt({ min: 1, from: 'query' }).default(1),
  count: safeInt({ min: 0, max: 1_000_000, from: 'query' }).default(SCIM_DEFAULT_COUNT),
  attributes: safeExactText(500).optional(),
  excludedAttributes: safeExactText(500).optional(),
});
export const scimUserParamsSchema = uuidParamsSchema(SCIM_MESSAGES.userNotFound);
export const scimGroupParamsSchema = uuidParamsSchema(SCIM_MESSAGES.groupNotFound);

const metaSchema = z.object({ resourceType: z.string(), created: z.string(), lastModified: z.string(), location: z.string(), version: z.string().optional() });

/** Optional fields come last: the compiled serializer writes required fields first, and the answer's order is the schema's. */
export const scimUserSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  userName: z.string(),
  name: z.object({ formatted: z.string(), givenName: z.string().optional(), familyName: z.string().optional() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  groups: z.array(z.object({ value: z.string(), display: z.string() })),
  meta: metaSchema,
  externalId: z.string().optional(),
});
export type ScimUser = z.infer<typeof scimUserSchema>;

export const scimGroupSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  displayName: z.string(),
  members: z.array(z.object({ value: z.string(), display: z.string() })),
  meta: metaSchema,
  externalId: z.string().optional(),
});
export type ScimGroup = z.infer<typeof scimGroupSchema>;

const listOf = <T extends z.ZodType>(resource: T) =>
  z.object({ schemas: z.array(z.string()), totalResults: z.number().int(), startIndex: z.number().int(), itemsPerPage: z.number().int(), Resources: z.array(resource) });
export const scimUserListSchema = listOf(scimUserSchema);
export const scimGroupListSchema = listOf(scimGroupSchema);
/** The discovery documents (ServiceProviderConfig, ResourceTypes, Schemas): fixed JSON. */
export const scimDocumentSchema = z.record(z.string(), z.unknown());
export const scimEmptySchema = z.null();

/** The owner's view of provisioning: the base URL, the token's dates (never the token) and the groups. */
export const scimTokenInfoSchema = z.object({ createdAt: z.number().int(), lastUsedAt: z.number().int().nullable(), createdBy: z.string() });
export const scimGroupMappingSchema = z.object({ id: z.string(), displayName: z.string(), members: z.number().int(), roleId: z.string().nullable(), roleName: z.string().nullable() });
export type ScimGroupMapping = z.infer<typeof scimGroupMappingSchema>;
export const scimProvisioningSchema = z.object({ baseUrl: z.string(), token: scimTokenInfoSchema.nullable(), groups: z.array(scimGroupMappingSchema) });
export type ScimProvisioning = z.infer<typeof scimProvisioningSchema>;
/** The token itself, answered once by a create (or rotation). */
export const scimTokenCreatedSchema = z.object({ token: z.string(), info: scimTokenInfoSchema });
export const scimGroupRoleInputSchema = z.strictObject({ roleId: safeUuid(SCIM_MESSAGES.roleNotFound).nullable() }).meta({ examples: [{ roleId: null }] });
