import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@replay/contracts';
import { domainEvents } from '../../src/db/schema';
import type { InstanceStats } from '../../src/infra/driver';
import { runSamplingRound } from '../../src/modules/monitoring/monitoring.sampler';
import type { TestApp } from '../support/app';
import { bearer, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { seedInstance } from '../instances/support';

/** The sampling round raises `instance.disk_alert` when a disk crosses into warning or critical, once per crossing. */
let t: TestApp;
let owner: SignedIn;
let diskPercent = 10;
const driver = {
  stats: async (): Promise<InstanceStats> =>
    ({
      cpu: { percent: 1 },
      memory: { usedBytes: 1, totalBytes: 8, percent: 1 },
      disk: { usedBytes: 1, totalBytes: 120, percent: diskPercent },
      network: { inBytes: 0, outBytes: 0, lastMinute: null },
      sampledAt: 0,
    }) as unknown as InstanceStats,
};
const MINUTE = 60_000;
let base: number;

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Disk Alerts' }));
  await seedInstance(t, owner.user.tenantId, { name: 'Full' });
  base = Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('disk alerts', () => {
  it('emits an event on each rise (warning, then critical), not while it stays, and notifies', async () => {
    const levels = async () =>
      (
        await t.runtime.ctx.db
          .select()
          .from(domainEvents)
          .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'instance.disk_alert')))
          // The fan-out's updates move rows: without an order, PostgreSQL may hand them back in any.
          .orderBy(asc(domainEvents.occurredAt))
      ).map((e) => (e.payload as { level: string }).level);
    const round = (n: number, percent: number) => ((diskPercent = percent), runSamplingRound({ db: t.runtime.ctx.db, driver }, new Date(base + n * MINUTE)));
    await round(0, 50);
    await round(1, 85);
    await round(2, 86);
    expect(await levels()).toEqual(['warning']);
    await round(3, 99.5);
    expect(await levels()).toEqual(['warning', 'critical']);
    await round(4, 40);
    await round(5, 82);
    expect(await levels()).toEqual(['warning', 'critical', 'warning']);
    await t.runtime.drain();
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(owner.jwt) })).json().data as NotificationList;
    expect(list.notifications.map((n) => n.title)).toEqual(['Full: disk 82 % full', 'Full: disk 100 % full', 'Full: disk 85 % full']);
  });
});
