import { describe, expect, it } from 'vitest';
import {
  auditActionLabels,
  auditLabelOf,
  endpointPath,
  endpoints,
  isRecorded,
  type Endpoint,
  MEMBER_MESSAGES,
  MENU,
  SCREEN_PERMISSIONS,
  assignableRoles,
  canOpenScreen,
  guardFor,
  memberInputSchema,
  memberState,
  roleInputSchema,
  routes,
  isBaseRoute,
  trailsQuerySchema,
} from '../src/index';

const member = { name: 'Jane', email: 'jane@example.com', admin: false, roleId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' };

describe('member rules', () => {
  it('accepts letters (accented too), digits, spaces, hyphen and underscore in names, nothing else', () => {
    for (const name of ['Jane Doe', 'Zoë Ñúñez', 'Jean-Luc_2', 'Łukasz Żółć']) {
      expect(memberInputSchema.safeParse({ ...member, name }).success, name).toBe(true);
    }
    for (const name of ['Jane!', 'a@b', 'Jane.Doe', "O'Brien", 'x<y']) {
      const result = memberInputSchema.safeParse({ ...member, name });
      expect(result.error?.issues[0]?.message, name).toBe(MEMBER_MESSAGES.nameInvalid);
    }
  });

  it('needs a role, defaults admin to false, lowercases the email', () => {
    expect(memberInputSchema.safeParse({ ...member, roleId: undefined }).error?.issues[0]?.message).toBe(MEMBER_MESSAGES.roleRequired);
    expect(memberInputSchema.parse({ name: 'Jane', email: 'Jane@Example.COM', roleId: member.roleId })).toEqual({ ...member, email: 'jane@example.com' });
  });

  it('names the member state and never offers protected roles', () => {
    expect(memberState({ joined: true, expiredInvitation: false })).toBe('joined');
    expect(memberState({ joined: false, expiredInvitation: false })).toBe('pending');
    expect(memberState({ joined: false, expiredInvitation: true })).toBe('expired');
    expect(
      assignableRoles([
        { protected: true, n: 1 },
        { protected: false, n: 2 },
      ]),
    ).toEqual([{ protected: false, n: 2 }]);
  });

  it('links invitations to a public page that is a base route', () => {
    expect(routes.invitation({ query: { token: 'abc' } })).toBe('/invitation?token=abc');
    expect(isBaseRoute('/invitation?token=abc')).toBe(true);
  });
});

describe('role input', () => {
  it('defaults to all instances and no permissions, stores permissions once in catalogue order', () => {
    expect(roleInputSchema.parse({ name: 'R' })).toEqual({ name: 'R', description: '', permissions: [], allInstances: true, instances: [] });
    expect(roleInputSchema.parse({ name: 'R', permissions: ['EDIT_MEMBERS', 'VIEW_BILLING', 'EDIT_MEMBERS'] }).permissions).toEqual(['VIEW_BILLING', 'EDIT_MEMBERS']);
  });
});

describe('the permission table', () => {
  it('covers every screen and write action, and guards come from it', () => {
    expect(Object.keys(SCREEN_PERMISSIONS).sort()).toEqual(
      ['activities', 'audit', 'billing', 'billingEdit', 'instances', 'instancesCreate', 'instancesEdit', 'integrations', 'members', 'membersEdit', 'roles', 'rolesEdit', 'sso'].sort(),
    );
    expect(guardFor('audit')).toEqual({ anyOf: ['VIEW_ACTIVITY'] });
    expect(guardFor('integrations')).toEqual({ anyOf: ['EDIT_INSTANCES'] });
    expect(guardFor('roles', 'membersEdit')).toEqual({ anyOf: ['VIEW_ROLES', 'EDIT_ROLES', 'EDIT_MEMBERS'] });
    expect(canOpenScreen(['VIEW_MEMBERS'], 'membersEdit')).toBe(false);
    expect(canOpenScreen(['EDIT_ROLES'], 'rolesEdit')).toBe(true);
    expect(guardFor('sso')).toEqual({ anyOf: ['EDIT_MEMBERS'] });
    for (const entry of MENU) if (entry.anyOf) expect(Object.values(SCREEN_PERMISSIONS)).toContain(entry.anyOf);
  });
});

describe('audit labels', () => {
  it('label each call from its own endpoint declaration, an undeclared one as METHOD path', () => {
    expect(auditLabelOf(endpoints.inviteMember)).toBe('Invite member');
    expect(auditLabelOf(endpoints.updateRole)).toBe('Update role');
    expect(auditLabelOf({ method: 'DELETE', path: '/things/:id' })).toBe('DELETE /things/:id');
    expect(auditActionLabels()).toContain('Start, stop or terminate instance');
  });

  it('give every recorded change a label of its own, so the trail never shows a bare path', () => {
    const recorded = Object.values(endpoints as Record<string, Endpoint>).filter(isRecorded);
    for (const e of recorded) expect(e.audit && 'label' in e.audit, `${e.method} ${e.path}`).toBe(true);
    expect(new Set(recorded.map(auditLabelOf)).size).toBe(auditActionLabels().length);
  });

  it('record changes and the GETs that change something, not reads, searches or the refresh', () => {
    expect(isRecorded(endpoints.removeMember)).toBe(true);
    expect(isRecorded(endpoints.renewInvitation)).toBe(true);
    expect(isRecorded(endpoints.logout)).toBe(true);
    expect(isRecorded(endpoints.refresh)).toBe(false);
    expect(isRecorded(endpoints.members)).toBe(false);
    expect(isRecorded(endpoints.trails)).toBe(false);
    expect(isRecorded({ method: 'POST' })).toBe(true);
  });

  it('fill an address from its parameters, each encoded, and refuse one that lacks a parameter', () => {
    expect(endpointPath(endpoints.updateMember, { id: 'a/b' })).toBe('/client/members/a%2Fb');
    expect(endpointPath(endpoints.members, undefined, { page: 2, query: '', limit: 20 })).toBe('/client/members?page=2&query=&limit=20');
    expect(() => endpointPath(endpoints.role)).toThrow('/client/roles/:id needs the parameter id.');
  });

  it('trails filters default to page 1, 20 a page, and accept no body at all', () => {
    expect(trailsQuerySchema.parse(undefined)).toEqual({ page: 1, limit: 20 });
    expect(trailsQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(trailsQuerySchema.safeParse({ period: { start: 5, end: 1 } }).success).toBe(false);
    expect(trailsQuerySchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
