import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { seedInstance } from '../instances/support';

/**
 * Migration 0034's update: every live instance made before project keys reached the agent is
 * one version ahead of its applied key set, so the config step gives its agent its projects'
 * keys (a running one when the console starts, a stopped one when it runs); a terminated one
 * is left alone. Run here on instances written as they were before (both versions 0).
 */
let t: TestApp;
let owner: SignedIn;

const migration = readFileSync(fileURLToPath(new URL('../../src/db/migrations/0034_instance_project_keys.sql', import.meta.url)), 'utf8');
const update = migration.split('--> statement-breakpoint').at(-1)!;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Before Keys' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('migration 0034', () => {
  it('puts every live instance one key set ahead, and leaves a terminated one', async () => {
    const running = await seedInstance(t, owner.user.tenantId, { name: 'Old running', status: 'running' });
    const stopped = await seedInstance(t, owner.user.tenantId, { name: 'Old stopped', status: 'stopped' });
    const gone = await seedInstance(t, owner.user.tenantId, { name: 'Old gone', status: 'terminated' });
    const versions = async (instanceId: string) =>
      (await t.runtime.ctx.db.select({ v: instances.projectKeysVersion, applied: instances.projectKeysAppliedVersion }).from(instances).where(eq(instances.instanceId, instanceId)))[0];
    expect(await versions(running.instanceId)).toEqual({ v: 0, applied: 0 });

    await t.runtime.ctx.db.execute(sql.raw(update));

    expect(await versions(running.instanceId)).toEqual({ v: 1, applied: 0 });
    expect(await versions(stopped.instanceId)).toEqual({ v: 1, applied: 0 });
    expect(await versions(gone.instanceId)).toEqual({ v: 0, applied: 0 });
  });
});
