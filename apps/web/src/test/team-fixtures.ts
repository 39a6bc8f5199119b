import { vi } from 'vitest';
import { PERMISSIONS, roleSchema, teamMemberSchema, type Role, type TeamMember } from '@replay/contracts';
import type { stubApi } from './fetch-stub';

export const OWNER_ROLE_ID = '00000000-0000-4000-8000-000000000001';
export const SUPPORT_ROLE_ID = '00000000-0000-4000-8000-000000000002';
export const ADMIN_ROLE_ID = '00000000-0000-4000-8000-000000000003';

/** A role as GET /client/roles answers it (checked against the contract). */
export function makeRole(overrides: Partial<Role> = {}): Role {
  return roleSchema.parse({
    roleId: SUPPORT_ROLE_ID,
    name: 'Support',
    description: 'Reads instances',
    allInstances: true,
    instances: [],
    permissions: ['VIEW_INSTANCES'],
    protected: false,
    tenantId: 'ten_1',
    createdAt: Date.UTC(2026, 0, 1),
    deletedAt: null,
    memberCount: 0,
    ...overrides,
  });
}

export const ownerRole = () => makeRole({ roleId: OWNER_ROLE_ID, name: 'Owner', description: 'Everything', permissions: [...PERMISSIONS], protected: true, memberCount: 1 });

/** A member as GET /client/members answers it (checked against the contract). */
export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return teamMemberSchema.parse({
    userId: '10000000-0000-4000-8000-000000000002',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    avatar: null,
    createdAt: Date.UTC(2026, 0, 2),
    admin: false,
    superAdmin: false,
    joined: true,
    expiredInvitation: false,
    roleId: SUPPORT_ROLE_ID,
    roleName: 'Support',
    invitationLink: null,
    provisioned: false,
    ...overrides,
  });
}

/** The signed-in owner as a member row (same id as the fixtures' account). */
export const selfMember = () => makeMember({ userId: 'usr_1', name: 'Ada Owner', email: 'ada@example.com', superAdmin: true, admin: true, roleId: OWNER_ROLE_ID, roleName: 'Owner' });

/**
 * Records the full URL of every call (stubApi keys on the path only), so a
 * test can read query strings and a handler can answer by page or search.
 */
export function trackUrls(stub: ReturnType<typeof stubApi>) {
  const urls: URL[] = [];
  const inner = stub.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new URL(String(input), 'http://localhost'));
    return inner(input, init);
  });
  const to = (path: string) => urls.filter((u) => u.pathname === path);
  return {
    urls,
    /** The query strings sent to `path`, as objects, oldest first. */
    queries: (path: string) => to(path).map((u) => Object.fromEntries(u.searchParams)),
    /** The query of the call being answered (or the last one) to `path`. */
    current: (path: string) => to(path).at(-1)?.searchParams ?? new URLSearchParams(),
  };
}
