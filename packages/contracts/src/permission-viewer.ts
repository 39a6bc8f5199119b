import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { permissionSchema } from './permissions';
import { safeUuid, uuidParamsSchema } from './safe';
import { INSTANCE_MESSAGES } from './instances/instances';

/**
 * The permission viewer (issue 18, point 6): what a member or an API key may do on
 * one instance, and who may do a permission on it. The server answers it with the
 * guard's own decision (apps/server/src/lib/access-decision.ts), so the two agree.
 */

/** Why a call is allowed or refused, in the guard's order of checks. */
export const ACCESS_REASONS = [
  'allowed',
  /** The caller is an API key and the call is a person's own or for people only. */
  'people_only',
  /** The member must change their password first; only the calls marked for it are open. */
  'password_change_required',
  /** The account requires a second factor the member has not set up; only the set-up is open. */
  'mfa_enrolment_required',
  /** The role holds none of the call's permissions. */
  'missing_permission',
  /** The role's instance scope does not reach the instance: the live route answers 404. */
  'outside_scope',
  /** An operator's call (guard 'operator'): no member's session or key ever makes it. */
  'operator_only',
  /** A SCIM call (guard 'scim'): only the account's identity provider, with the SCIM token, makes it. */
  'scim_only',
  /** A member who has not joined yet, or a key revoked, expired or whose creator left: no caller at all (401). */
  'no_caller',
] as const;
export const accessReasonSchema = z.enum(ACCESS_REASONS);
export type AccessReason = z.infer<typeof accessReasonSchema>;

export const ACCESS_REASON_TEXT: Record<AccessReason, string> = {
  allowed: 'Allowed',
  people_only: 'API keys cannot make this call: it is for people signed in to the console.',
  password_change_required: 'Must change their password first.',
  mfa_enrolment_required: 'Must set up two-factor authentication first.',
  missing_permission: 'The role holds none of the permissions this needs.',
  outside_scope: 'The role does not reach this instance.',
  operator_only: 'Only the console’s operators make this call (with the operator token), never a member or a key.',
  scim_only: 'Only the account’s identity provider makes this call (with the SCIM token), never a member or a key.',
  no_caller: 'Cannot call anything: not joined yet, or the key is revoked or expired.',
};

export const PERMISSION_VIEWER_MESSAGES = {
  memberNotFound: 'Member not found.',
  keyNotFound: 'API key not found.',
  oneSubject: 'Name one member (memberId) or one API key (keyId).',
} as const;

/** An endpoint about one instance: its path names the instance by the `:id` after /managed-saas/instances. */
export const isInstanceEndpoint = (e: Pick<Endpoint, 'path'>): boolean => /^\/managed-saas\/instances\/:id(\/|$)/.test(e.path);

/** GET /client/permissions/member: exactly one of memberId and keyId, and the instance. */
export const subjectAccessQuerySchema = z
  .strictObject({
    memberId: safeUuid(PERMISSION_VIEWER_MESSAGES.memberNotFound).optional(),
    keyId: safeUuid(PERMISSION_VIEWER_MESSAGES.keyNotFound).optional(),
    instanceId: safeUuid(INSTANCE_MESSAGES.notFound),
  })
  .refine((q) => (q.memberId === undefined) !== (q.keyId === undefined), { message: PERMISSION_VIEWER_MESSAGES.oneSubject, path: ['memberId'] });
export type SubjectAccessQuery = z.input<typeof subjectAccessQuerySchema>;

export const accessDecisionSchema = z.object({
  allowed: z.boolean(),
  reason: accessReasonSchema,
  /** For missing_permission: the permissions any one of which would open it. */
  needsAnyOf: z.array(permissionSchema),
});
export type AccessDecision = z.infer<typeof accessDecisionSchema>;

export const subjectAccessSchema = z.object({
  subject: z.object({ kind: z.enum(['member', 'key']), id: z.string(), name: z.string() }),
  instanceId: z.string(),
  /** Per permission: whether the subject may exercise it on the instance. */
  permissions: z.array(z.object({ permission: permissionSchema }).extend(accessDecisionSchema.shape)),
  /** Per call about one instance (the endpoint table's name, method and path). */
  actions: z.array(z.object({ action: z.string(), method: z.string(), path: z.string() }).extend(accessDecisionSchema.shape)),
});
export type SubjectAccess = z.infer<typeof subjectAccessSchema>;

/** GET /client/permissions/instance/:id?permission=P */
export const instanceAccessParamsSchema = uuidParamsSchema(INSTANCE_MESSAGES.notFound);
export const instanceAccessQuerySchema = z.strictObject({ permission: permissionSchema });
export const instanceAccessSchema = z.object({
  instanceId: z.string(),
  permission: permissionSchema,
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
  keys: z.array(z.object({ keyId: z.string(), name: z.string() })),
});
export type InstanceAccess = z.infer<typeof instanceAccessSchema>;
