import { INSTANCE_MESSAGES, PERMISSIONS, PERMISSION_VIEWER_MESSAGES, endpoints, instanceEndpointNames, type InstanceAccess, type Permission, type SubjectAccess } from '@replay/contracts';
import type { Db } from '../../db/client';
import { decideAccess } from '../../lib/access-decision';
import { loadAccountKeyCallers } from '../../lib/api-key-principal';
import { notFound } from '../../lib/errors';
import { inScope, instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';
import { instanceOfAccount, keyOfAccount, loadMemberSubjects } from './permission-viewer.repo';
import type { Clock } from '../../lib/time';

/** What a permission means on one instance: a call about it guarded by that permission alone. */
const permissionCall = (permission: Permission) => ({ guard: { anyOf: [permission] } });

/**
 * The permission viewer (issue 18, point 6): every answer is decideAccess, the guard's
 * own decision, applied to the principal the guard would build for that member or key.
 * The caller sees only instances they reach themselves (404 otherwise, as the instance
 * routes answer), and only their own account's members and keys (404 otherwise).
 */
export function createPermissionViewerService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function reachableInstance(caller: Principal, instanceId: string): Promise<void> {
    if (!inScope(instanceScopeOf(caller), instanceId) || !(await instanceOfAccount(db, caller.tenantId, instanceId))) {
      throw notFound(INSTANCE_MESSAGES.notFound);
    }
  }

  function accessOf(principal: Principal | null, instanceId: string): Pick<SubjectAccess, 'permissions' | 'actions'> {
    return {
      permissions: PERMISSIONS.map((permission) => ({ permission, ...decideAccess(principal, permissionCall(permission), instanceId) })),
      actions: instanceEndpointNames().map((action) => {
        const { method, path } = endpoints[action];
        return { action, method, path, ...decideAccess(principal, endpoints[action], instanceId) };
      }),
    };
  }

  return {
    async subjectAccess(caller: Principal, query: { memberId?: string | undefined; keyId?: string | undefined; instanceId: string }): Promise<SubjectAccess> {
      if (query.memberId !== undefined) {
        const [member] = await loadMemberSubjects(db, caller.tenantId, query.memberId);
        if (!member) throw notFound(PERMISSION_VIEWER_MESSAGES.memberNotFound);
        await reachableInstance(caller, query.instanceId);
        return { subject: { kind: 'member', id: member.userId, name: member.name }, instanceId: query.instanceId, ...accessOf(member.principal, query.instanceId) };
      }
      const keyId = query.keyId!;
      const key = await keyOfAccount(db, caller.tenantId, keyId);
      if (!key) throw notFound(PERMISSION_VIEWER_MESSAGES.keyNotFound);
      await reachableInstance(caller, query.instanceId);
      // A revoked or expired key, or one whose creator left, is no caller: every call is refused (401).
      const [live = null] = await loadAccountKeyCallers(db, caller.tenantId, clock.now(), keyId);
      return { subject: { kind: 'key', id: key.id, name: key.name }, instanceId: query.instanceId, ...accessOf(live, query.instanceId) };
    },

    async instanceAccess(caller: Principal, instanceId: string, permission: Permission): Promise<InstanceAccess> {
      await reachableInstance(caller, instanceId);
      const may = (p: Principal | null) => decideAccess(p, permissionCall(permission), instanceId).allowed;
      const [members, keys] = await Promise.all([loadMemberSubjects(db, caller.tenantId), loadAccountKeyCallers(db, caller.tenantId, clock.now())]);
      return {
        instanceId,
        permission,
        members: members.filter((m) => may(m.principal)).map(({ userId, name, email }) => ({ userId, name, email })),
        keys: keys
          .filter(may)
          .map((k) => ({ keyId: k.apiKey!.id, name: k.apiKey!.name }))
          .sort((a, b) => a.name.localeCompare(b.name) || a.keyId.localeCompare(b.keyId)),
      };
    },
  };
}
