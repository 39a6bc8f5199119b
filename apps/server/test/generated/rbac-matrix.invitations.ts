import { describe, expect, it } from 'vitest';
import { PERMISSIONS, hasAnyPermission, type Permission } from '@replay/contracts';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import { bearer } from '../support/auth';
import { addMember } from '../support/team';

/** A caller of the RBAC matrix. */
export interface Caller {
  label: string;
  headers: Record<string, string>;
  permissions: readonly Permission[] | null;
  /** An API key: refused (403) on a person's own routes and those for people only, whatever its role. */
  viaKey?: boolean;
}

/**
 * A pending invitation's link is the invited member's rights in a form
 * anyone can redeem, so it is shown (in the list and the member's page) only
 * to a viewer who may act on that member: EDIT_MEMBERS, every permission the
 * invitation carries, and admin rights for an admin's invitation; never to an
 * API key. Generated for every profile of the matrix (keys included), plus the
 * editor profiles that matter. Part of the RBAC matrix's first shard (rbac-matrix.suite.ts).
 */
export function invitationLinkMatrix(t: TestApp, owner: { jwt: string; user: { tenantId: string } }, signedIn: readonly Caller[]): void {
  describe('who sees a pending invitation’s joining link', async () => {
    const invite = async (name: string, admin: boolean, permissions: readonly Permission[]) => {
      const role = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name, permissions } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/members',
        headers: bearer(owner.jwt),
        payload: { name, email: `${name.replace(/\W/g, '').toLowerCase()}.${newId().slice(0, 8)}@example.com`, admin, roleId: role.json().data.roleId },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { userId: res.json().data.userId as string, admin, permissions };
    };
    const invitations = [await invite('Future Admin', true, PERMISSIONS), await invite('Future Editor', false, ['VIEW_MEMBERS', 'EDIT_MEMBERS']), await invite('Future Nobody', false, [])];
    // API keys too (issue 42): a key never sees a link, whatever its role, or it could mint a person who outlives it.
    const profiles: Caller[] = [...signedIn];
    for (const [label, perms, admin] of [
      ['a member holding VIEW_MEMBERS and EDIT_MEMBERS', ['VIEW_MEMBERS', 'EDIT_MEMBERS'], false],
      ['an admin holding VIEW_MEMBERS and EDIT_MEMBERS', ['VIEW_MEMBERS', 'EDIT_MEMBERS'], true],
    ] as const) {
      profiles.push({ label, headers: (await addMember(t, owner.user.tenantId, { permissions: perms, admin })).headers, permissions: perms });
    }
    const isAdminProfile = (c: Caller) => c.label === 'the owner' || c.label.startsWith('an admin');

    it.each(profiles.filter((c) => c.label !== 'another account’s owner').map((c) => [c.label, c] as const))('%s', async (_label, viewer) => {
      const list = await t.app.inject({ method: 'GET', url: '/api/client/members?limit=100', headers: viewer.headers });
      const canList = hasAnyPermission(viewer.permissions!, ['VIEW_MEMBERS', 'EDIT_MEMBERS']);
      expect(list.statusCode).toBe(canList ? 200 : 403);
      for (const inv of invitations) {
        const mayAct = !viewer.viaKey && viewer.permissions!.includes('EDIT_MEMBERS') && inv.permissions.every((p) => viewer.permissions!.includes(p)) && (!inv.admin || isAdminProfile(viewer));
        const one = await t.app.inject({ method: 'GET', url: `/api/users/${inv.userId}`, headers: viewer.headers });
        if (!canList) {
          expect(one.statusCode).toBe(403);
          continue;
        }
        const listed = (list.json().data.users as { userId: string; invitationLink: string | null }[]).find((u) => u.userId === inv.userId);
        for (const seen of [listed!.invitationLink, one.json().data.invitationLink]) {
          if (mayAct) expect(seen, `${viewer.label} should see the link of ${inv.userId}`).toMatch(/\/invitation\?token=/);
          else expect(seen, `${viewer.label} must not see the link of ${inv.userId}`).toBeNull();
        }
        // Renewing (which answers the new link) follows the same rule.
        if (viewer.permissions!.includes('EDIT_MEMBERS') && !mayAct) {
          const renew = await t.app.inject({ method: 'GET', url: `/api/client/members/${inv.userId}/reset`, headers: viewer.headers });
          expect(renew.statusCode).toBe(403);
          expect(renew.body).not.toContain('token=');
        }
      }
    });
  });
}
