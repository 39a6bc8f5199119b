import { assignableRoles, memberInputSchema, type Account, type MemberInput, type Role, type TeamMember } from '@replay/contracts';
import { validate, type FieldErrors } from '../../lib/form';

export interface MemberDraft {
  name: string;
  email: string;
  roleId: string | null;
  admin: boolean;
}

export function draftOf(member: TeamMember | null): MemberDraft {
  return member ? { name: member.name, email: member.email, roleId: member.roleId, admin: member.admin } : { name: '', email: '', roleId: null, admin: false };
}

/** The draft checked with the contracts' member schema (the server runs the same one). */
export function checkDraft(draft: MemberDraft): { input: MemberInput | null; errors: FieldErrors } {
  const result = validate(memberInputSchema, { ...draft, roleId: draft.roleId ?? undefined });
  return result.data ? { input: result.data, errors: {} } : { input: null, errors: result.errors };
}

export interface RoleOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * The Role select's choices: never a protected role (the Owner role), except
 * as the current, fixed value of a member who already holds it. A role
 * granting permissions the signed-in user lacks is shown but cannot be
 * picked (the server would refuse it).
 */
export function roleOptions(roles: readonly Role[], actor: Pick<Account, 'permissions'>, member: TeamMember | null): RoleOption[] {
  const options: RoleOption[] = assignableRoles(roles).map((role) => {
    const aboveActor = role.permissions.some((p) => !actor.permissions.includes(p));
    return aboveActor ? { value: role.roleId, label: `${role.name} (more rights than yours)`, disabled: true } : { value: role.roleId, label: role.name };
  });
  const current = member?.roleId ? roles.find((r) => r.roleId === member.roleId) : undefined;
  if (current?.protected) options.unshift({ value: current.roleId, label: current.name, disabled: true });
  return options;
}

/** Why the role (and admin flag) of this member cannot be changed here, or null when it can. */
export function roleLockReason(member: TeamMember | null, actor: Pick<Account, 'userId'>): string | null {
  if (!member) return null;
  if (member.superAdmin) return "The account owner's role cannot be changed.";
  if (member.userId === actor.userId) return 'You cannot change your own role.';
  return null;
}
