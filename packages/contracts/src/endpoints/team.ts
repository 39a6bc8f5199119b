import { invitationLinkSchema, memberIdParamsSchema, memberInputSchema, membersListSchema, membersQuerySchema, okSchema, teamMemberSchema } from '../members';
import { roleIdParamsSchema, roleInputSchema, roleSchema, rolesListSchema } from '../roles';
import { activitiesListSchema, activitiesQuerySchema } from '../activity';
import { z } from 'zod';
import { auditEntryIdParamsSchema, auditEntrySchema, auditExportQuerySchema, auditSigningKeySchema, trailsListSchema, trailsQuerySchema } from '../audit';
import { guardFor } from '../screens';
import { endpoint } from '../endpoint';

const members = guardFor('members');
const membersEdit = guardFor('membersEdit');
const rolesEdit = guardFor('rolesEdit');
const audit = guardFor('audit');

/** Team members, roles, the activity log and the audit trail (spec section 7). */
export const teamEndpoints = {
  members: endpoint({ method: 'GET', path: '/client/members', guard: members, query: membersQuerySchema, response: membersListSchema }),
  member: endpoint({ method: 'GET', path: '/users/:id', guard: members, params: memberIdParamsSchema, response: teamMemberSchema }),
  inviteMember: endpoint({
    method: 'POST',
    path: '/client/members',
    guard: membersEdit,
    body: memberInputSchema,
    response: teamMemberSchema,
    status: 201,
    audit: { label: 'Invite member' },
  }),
  updateMember: endpoint({
    method: 'PUT',
    path: '/client/members/:id',
    guard: membersEdit,
    params: memberIdParamsSchema,
    body: memberInputSchema,
    response: teamMemberSchema,
    audit: { label: 'Update member' },
  }),
  /**
   * Hands out a credential (a new joining link), so it is recorded though a GET; and only to
   * a person (issue 42): a key holding the link would mint a person who outlives the key.
   */
  renewInvitation: endpoint({
    method: 'GET',
    path: '/client/members/:id/reset',
    guard: membersEdit,
    params: memberIdParamsSchema,
    response: invitationLinkSchema,
    audit: { label: 'Renew invitation link' },
    peopleOnly: true,
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/client/members/:id',
    guard: membersEdit,
    params: memberIdParamsSchema,
    response: okSchema,
    audit: { label: 'Remove member' },
  }),

  /** Also open to EDIT_MEMBERS holders: the invite form offers the roles to choose from. */
  roles: endpoint({ method: 'GET', path: '/client/roles', guard: guardFor('roles', 'membersEdit'), response: rolesListSchema }),
  role: endpoint({ method: 'GET', path: '/client/roles/:id', guard: guardFor('roles'), params: roleIdParamsSchema, response: roleSchema }),
  /** PUT creates and POST updates, as the spec has it. */
  createRole: endpoint({
    method: 'PUT',
    path: '/client/roles',
    guard: rolesEdit,
    body: roleInputSchema,
    response: roleSchema,
    status: 201,
    audit: { label: 'Create role' },
  }),
  updateRole: endpoint({
    method: 'POST',
    path: '/client/roles/:id',
    guard: rolesEdit,
    params: roleIdParamsSchema,
    body: roleInputSchema,
    response: roleSchema,
    audit: { label: 'Update role' },
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/client/roles/:id',
    guard: rolesEdit,
    params: roleIdParamsSchema,
    response: okSchema,
    audit: { label: 'Delete role' },
  }),

  activities: endpoint({
    method: 'GET',
    path: '/managed-saas/activities',
    guard: guardFor('activities'),
    query: activitiesQuerySchema,
    response: activitiesListSchema,
  }),
  trails: endpoint({
    method: 'POST',
    path: '/trails',
    guard: audit,
    body: trailsQuerySchema,
    response: trailsListSchema,
    audit: { unrecorded: 'a search with a body: it reads, and recording it would fill the trail with its own reading' },
  }),
  trail: endpoint({ method: 'GET', path: '/trails/:id', guard: audit, params: auditEntryIdParamsSchema, response: auditEntrySchema }),
  /**
   * The account's audit chain as a file (CSV or JSON Lines, streamed), ending with a head the
   * console signs: `replay audit verify` proves it complete and unmodified offline.
   */
  auditExport: endpoint({
    method: 'GET',
    path: '/trails/export',
    guard: audit,
    query: auditExportQuerySchema,
    response: z.string().describe('The chained records then the signed head, as text/csv or application/jsonl'),
    file: 'application/jsonl',
    summary: 'Export the audit trail, chained and signed (CSV or JSON Lines)',
    description:
      'Every record of the account (or of `from`..`to` by sequence number) with its `seq`, `prevHash` and `hash`, then the chain head signed with the console’s Ed25519 key (`GET /api/audit/signing-key`). `replay audit verify <file>` checks it offline and names the first record that is not as exported.',
  }),
  /** Public: anyone holding an export checks its head against this key. */
  auditSigningKey: endpoint({
    method: 'GET',
    path: '/audit/signing-key',
    guard: 'public',
    response: auditSigningKeySchema,
    summary: 'The public key that signs audit exports (PEM, JWK and key id)',
  }),
} as const;
