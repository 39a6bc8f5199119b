import { z } from 'zod';
import { PAGE_SIZES, TEXT_LIMITS } from './constants';
import { linkTokenSchema } from './auth';
import { avatarIconSchema } from './avatars';
import { safePaging, safeText, safeUuid, uuidParamsSchema } from './safe';
import { MESSAGES, emailSchema, strongPasswordSchema } from './validation';

/**
 * Team members and invitations (spec sections 3 'Team member', 4 'Invites',
 * 5 'Member', 7 'Members and roles', 8 'Member save').
 */

/** How long an invitation link works: a week, like the trial, long enough to reach someone on leave. */
export const INVITATION_LIFETIME_DAYS = 7;

/** Letters (accented ones included), digits, spaces, hyphen and underscore. */
export const MEMBER_NAME_PATTERN = /^[\p{L}\p{M}0-9 _-]+$/u;

export const MEMBER_MESSAGES = {
  // Section 8, word for word: the web shows these.
  invitationSent: 'The invitation, including the account joining link, has been successfully sent to the specified email address.',
  userUpdated: 'User updated successfully',
  saveFailed: 'Error saving user',
  deleteFailed: 'Error deleting team member.',
  linkCopied: 'Invitation link copied.',
  linkExpired: 'Invitation link expired.',
  inviteCodeGenerated: 'Invite code generated successfully',
  generatingInviteCode: 'Generating an invite code...',
  // The server's first error for a refused save or delete.
  nameInvalid: 'Name can only contain letters, digits, spaces, hyphens and underscores.',
  roleRequired: 'Role is required',
  emailTaken: 'A member with this email already exists.',
  emailReadOnly: 'The email address of an existing member cannot be changed.',
  memberNotFound: 'Team member not found.',
  roleNotFound: 'Role not found.',
  ownerRoleNotAssignable: 'The Owner role cannot be assigned.',
  superAdminRole: "The super admin's role cannot be changed.",
  superAdminRemove: 'The super admin cannot be removed.',
  deprovisionOwner: 'An owner of the account cannot be deactivated or deleted by the identity provider.',
  lastOwner: 'The account must keep at least one owner.',
  ownRights: 'You cannot change your own role or admin rights.',
  removeSelf: 'You cannot remove yourself from the team.',
  roleAboveActor: 'You cannot assign a role with more rights than your own.',
  memberAboveActor: 'You cannot change a member who has more rights than you.',
  adminGrant: 'Only an admin can give admin rights.',
  alreadyJoined: 'This member has already joined.',
  seatLimit: (limit: number) => `Your account has reached its limit of ${limit} team members. Remove a member or a pending invitation first.`,
  invitationInvalid: 'This invitation link is invalid or has already been used.',
  invitationExpired: 'This invitation link has expired. Ask your admin for a new one.',
} as const;

export const memberNameSchema = safeText(TEXT_LIMITS.name).min(1, MESSAGES.required).regex(MEMBER_NAME_PATTERN, MEMBER_MESSAGES.nameInvalid);

export const roleIdSchema = z.string({ error: MEMBER_MESSAGES.roleRequired }).pipe(safeUuid(MEMBER_MESSAGES.roleRequired));

/**
 * POST /client/members (invite) and PUT /client/members/{id} (edit). On edit
 * the email must equal the stored one: it is read-only once the member exists.
 */
export const memberInputSchema = z
  .strictObject({
    name: memberNameSchema,
    email: emailSchema,
    admin: z.boolean().default(false),
    roleId: roleIdSchema,
  })
  .meta({
    examples: [{ name: 'Jane Doe', email: 'jane.doe@example.com', admin: false, roleId: '00000000-0000-4000-8000-000000000000' }],
  });
export type MemberInput = z.input<typeof memberInputSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** The member's avatar icon; null: their initials. */
  avatar: avatarIconSchema.nullable(),
  createdAt: z.number().int(),
  admin: z.boolean(),
  superAdmin: z.boolean(),
  joined: z.boolean(),
  expiredInvitation: z.boolean(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  /** The joining link of a pending invite, shown only to EDIT_MEMBERS holders; null otherwise. */
  invitationLink: z.string().nullable(),
  /** Created by the account's identity provider (SCIM): the Team screen says "Provisioned by SCIM". */
  provisioned: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Joined, pending (link still valid) or expired: the state badge of the Team screen. */
export function memberState(m: Pick<TeamMember, 'joined' | 'expiredInvitation'>): 'joined' | 'pending' | 'expired' {
  if (m.joined) return 'joined';
  return m.expiredInvitation ? 'expired' : 'pending';
}

/** The text of a list's search box. */
export const searchTextSchema = safeText(100).optional();

/** Shared by every paged list: page from 1, limit within reason, and the search text. */
export const pageQuery = (defaultLimit: number) => ({
  ...safePaging(defaultLimit, 'query'),
  query: searchTextSchema,
});

/** GET /client/members: the query matches name, email or role name. */
export const membersQuerySchema = z.object(pageQuery(PAGE_SIZES.members));
export const membersListSchema = z.object({ users: z.array(teamMemberSchema), total: z.number().int().min(0) });

export const invitationLinkSchema = z.object({ invitationLink: z.string() });

export const okSchema = z.object({ ok: z.literal(true) });

/** GET /invitations/{token}: what the joining page shows before the person sets a password. */
export const invitationInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  tenantName: z.string(),
  expired: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** POST /invitations/accept: the invited email is fixed by the link, so it is not sent. */
export const invitationAcceptSchema = z
  .strictObject({
    token: linkTokenSchema,
    name: memberNameSchema,
    password: z.string().min(8, MESSAGES.passwordTooShort).pipe(strongPasswordSchema),
  })
  .meta({ examples: [{ token: 'not-a-real-token', name: 'Jane Doe', password: 'Str0ng!Passw0rd' }] });

/** GET /invitations/{token}: a token no link can carry is answered as an unknown one (404, the same words). */
export const invitationTokenParamsSchema = z.object({
  token: z.string().refine((token) => linkTokenSchema.safeParse(token).success, MEMBER_MESSAGES.invitationInvalid),
});

/** /users/{id}, /client/members/{id}. */
export const memberIdParamsSchema = uuidParamsSchema(MEMBER_MESSAGES.memberNotFound);
export type InvitationAccept = z.input<typeof invitationAcceptSchema>;

const limitSchema = z.object({ limit: z.number().int(), remaining: z.number().int() });

/** GET /limits. */
export const limitsSchema = z.object({ teamMember: limitSchema, sites: limitSchema });
export type Limits = z.infer<typeof limitsSchema>;
