import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRules, projects, sourceMaps } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { seedInstance } from '../instances/support';

/**
 * Migration 0038's updates: alert rules and source maps made before projects were their
 * instance's, and become its default project's (whose id is the instance's). Run here on a
 * rule and a map written under another project of the instance, which the updates move.
 */
let t: TestApp;
let owner: SignedIn;

const migration = readFileSync(fileURLToPath(new URL('../../src/db/migrations/0038_project_alerts_and_source_maps.sql', import.meta.url)), 'utf8');
const updates = migration.split('--> statement-breakpoint').filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s));

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Before Sites' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('migration 0038', () => {
  it('gives every alert rule and source map its instance’s default project', async () => {
    expect(updates).toHaveLength(2);
    const db = t.runtime.ctx.db;
    const { tenantId } = owner.user;
    const instance = await seedInstance(t, tenantId, { name: 'Old' });
    const other = newId();
    const at = new Date();
    await db.insert(projects).values({ id: other, tenantId, instanceId: instance.instanceId, name: 'Other', projectKey: newId(), createdAt: at, updatedAt: at });
    const ruleId = newId();
    const mapId = newId();
    await db.insert(alertRules).values({
      id: ruleId,
      tenantId,
      instanceId: instance.instanceId,
      projectId: other,
      name: 'CPU',
      metric: 'cpu',
      threshold: 80,
      durationMinutes: 5,
      mail: false,
      enabled: true,
      createdAt: at,
      updatedAt: at,
    });
    await db
      .insert(sourceMaps)
      .values({ id: mapId, tenantId, instanceId: instance.instanceId, projectId: other, release: '1', fileUrl: 'https://a.example/app.js', map: '{}', bytes: 2, uploadedAt: at });

    for (const update of updates) await db.execute(sql.raw(update));

    expect((await db.select({ p: alertRules.projectId }).from(alertRules).where(eq(alertRules.id, ruleId)))[0]?.p).toBe(instance.instanceId);
    expect((await db.select({ p: sourceMaps.projectId }).from(sourceMaps).where(eq(sourceMaps.id, mapId)))[0]?.p).toBe(instance.instanceId);
  });
});
