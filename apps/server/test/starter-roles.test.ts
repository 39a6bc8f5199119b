import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ROLE_NAME, STARTER_ROLES, type Role } from '@replay/contracts';
import { roles } from '../src/db/schema';
import type { TestApp } from './support/app';
import { bearer, signup, type SignedIn } from './support/auth';
import { appWithOwner } from './support/owner';

/**
 * Issue 42: a new account could invite nobody (its only role was the protected Owner, which the
 * invite form leaves out). Every account now starts with the starter roles, ordinary roles it
 * may change or delete; migration 0040 gave them to the accounts made before with Owner alone.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => ({ t, owner } = await appWithOwner({}, { organizationName: 'Day One' })));
afterAll(() => t.close());

const listRoles = async (who: SignedIn) => (await t.app.inject({ method: 'GET', url: '/api/client/roles', headers: bearer(who.jwt) })).json().data as Role[];
const starterShape = STARTER_ROLES.map((r) => ({ name: r.name, description: r.description, permissions: [...r.permissions], allInstances: true, protected: false }));
const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

const migration = readFileSync(fileURLToPath(new URL('../src/db/migrations/0040_starter_roles.sql', import.meta.url)), 'utf8');
const liveRolesOf = (tenantId: string) =>
  t.runtime.ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), isNull(roles.deletedAt)));

describe('a new account’s roles', () => {
  it('lists the Owner first, then the starter roles, each held by nobody yet', async () => {
    const all = await listRoles(owner);
    expect(all[0]).toMatchObject({ name: OWNER_ROLE_NAME, protected: true, memberCount: 1 });
    const starters = all.slice(1);
    expect(byName(starters.map(({ name, description, permissions, allInstances, protected: p }) => ({ name, description, permissions, allInstances, protected: p })))).toEqual(byName(starterShape));
    expect(starters.every((r) => r.memberCount === 0)).toBe(true);
  });

  it('lets the owner invite someone on day one with a starter role', async () => {
    const developer = (await listRoles(owner)).find((r) => r.name === 'Developer')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/members',
      headers: bearer(owner.jwt),
      payload: { name: 'First Hire', email: 'first.hire@example.com', roleId: developer.roleId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ roleId: developer.roleId, roleName: 'Developer' });
  });

  it('treats them as the account’s own: renamed, changed and deleted like any role', async () => {
    const all = await listRoles(owner);
    const viewerId = all.find((r) => r.name === 'Viewer')!.roleId;
    const billingId = all.find((r) => r.name === 'Billing')!.roleId;
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/client/roles/${viewerId}`,
      headers: bearer(owner.jwt),
      payload: { name: 'Read only', permissions: ['VIEW_INSTANCES'] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Read only', permissions: ['VIEW_INSTANCES'], protected: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/client/roles/${billingId}`, headers: bearer(owner.jwt) })).statusCode).toBe(200);
    expect((await listRoles(owner)).map((r) => r.name)).not.toContain('Billing');
  });
});

describe('migration 0040', () => {
  it('gives the starter roles to an account whose only live role is Owner, once, and leaves one with roles of its own', async () => {
    const bare = await signup(t, { organizationName: 'Before Starters' });
    const shaped = await signup(t, { organizationName: 'Own Roles' });
    const db = t.runtime.ctx.db;
    // As accounts were before: Owner alone (the starters gone), and one with a role it made, beside Owner.
    await db
      .update(roles)
      .set({ deletedAt: t.clock.now() })
      .where(and(eq(roles.tenantId, bare.user.tenantId), eq(roles.protected, false)));
    await db
      .update(roles)
      .set({ deletedAt: t.clock.now() })
      .where(and(eq(roles.tenantId, shaped.user.tenantId), eq(roles.protected, false)));
    const own = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(shaped.jwt), payload: { name: 'Support', permissions: ['VIEW_INSTANCES'] } });
    expect(own.statusCode).toBe(201);
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(roles))[0]!.n;

    await db.execute(sql.raw(migration));
    await db.execute(sql.raw(migration));

    const given = (await liveRolesOf(bare.user.tenantId)).filter((r) => !r.protected);
    expect(byName(given.map((r) => ({ name: r.name, description: r.description, permissions: r.permissions, allInstances: r.allInstances, protected: r.protected })))).toEqual(byName(starterShape));
    expect((await liveRolesOf(shaped.user.tenantId)).map((r) => r.name).sort()).toEqual([OWNER_ROLE_NAME, 'Support']);
    // Only the bare account gained rows: the first account (starters live) and the shaped one did not.
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(roles))[0]!.n).toBe(before + STARTER_ROLES.length);
  });
});
