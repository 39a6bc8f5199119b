import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances, projects } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';

/**
 * Migration 0031's backfill: every instance made before projects gets its default project,
 * with the instance's id, name and creator, and a key of its own. Run here on instances
 * written as they were before (no project), on a console of their own.
 */
let t: TestApp;
let owner: SignedIn;

const migration = readFileSync(fileURLToPath(new URL('../../src/db/migrations/0031_projects.sql', import.meta.url)), 'utf8');
const backfill = migration.split('--> statement-breakpoint').at(-1)!;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Before Projects' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

const oldInstance = async (name: string, status: 'running' | 'terminated' = 'running') => {
  const instanceId = newId();
  const createdAt = new Date(Date.UTC(2025, 5, 1));
  await t.runtime.ctx.db.insert(instances).values({
    instanceId,
    tenantId: owner.user.tenantId,
    name,
    status,
    provider: 'aws',
    region: 'us-east-1',
    size: 'small',
    url: `before-${instanceId.slice(0, 8)}`,
    version: '1.21',
    diskSize: 120,
    createdBy: owner.user.userId,
    createdAt,
  });
  return { instanceId, createdAt };
};

describe('migration 0031', () => {
  it('gives every instance made before projects its default project, which the API then lists', async () => {
    const shop = await oldInstance('Old shop');
    const gone = await oldInstance('Old gone', 'terminated');
    expect(await t.runtime.ctx.db.select().from(projects)).toEqual([]);

    await t.runtime.ctx.db.execute(sql.raw(backfill));

    const rows = await t.runtime.ctx.db.select().from(projects);
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.id === shop.instanceId);
    expect(row).toMatchObject({
      instanceId: shop.instanceId,
      tenantId: owner.user.tenantId,
      name: 'Old shop',
      isDefault: true,
      createdBy: owner.user.userId,
      createdAt: shop.createdAt,
      updatedAt: shop.createdAt,
    });
    expect(row?.projectKey).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(rows.map((r) => r.projectKey)).size).toBe(2);
    expect((await t.runtime.ctx.db.select().from(projects).where(eq(projects.instanceId, gone.instanceId)))[0]?.isDefault).toBe(true);

    // The terminated instance's project is kept but neither listed nor counted.
    const list = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(owner.jwt) })).json().data;
    expect(list.projects.map((p: { siteId: string }) => p.siteId)).toEqual([shop.instanceId]);
    expect(list.sites.remaining).toBe(list.sites.limit - 1);
  });
});
