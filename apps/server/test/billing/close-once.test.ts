import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriods, domainEvents, instanceUsagePeriods, invoices, tenants } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { runCloseRound } from '../../src/modules/billing/billing.close';
import { nextMonthStart } from '../../src/modules/billing/billing.repo';
import { HOUR_MS } from '../../src/modules/billing/metering';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { seedInstance } from '../instances/support';

/**
 * A close round that dies half-way leaves nothing behind: here the batch's transaction fails
 * on its last statement (an invoice number already taken), and neither the periods nor the
 * invoices nor their events of any account in the batch were kept; the next round closes
 * each period once.
 */
let t: TestApp;
const owners: SignedIn[] = [];

beforeAll(async () => {
  let first: SignedIn;
  ({ t, owner: first } = await appWithOwner({}, { organizationName: 'Close A' }));
  owners.push(first, await signup(t, { organizationName: 'Close B' }), await signup(t, { organizationName: 'Close C' }));
  for (const o of owners) {
    const inst = await seedInstance(t, o.user.tenantId, { size: 'medium', diskSize: 240 });
    await t.runtime.ctx.db
      .insert(instanceUsagePeriods)
      .values({ id: newId(), instanceId: inst.instanceId, tenantId: o.user.tenantId, status: 'running', size: 'medium', diskGb: 240, startedAt: t.clock.now(), endedAt: null });
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('a close round killed mid-way', () => {
  it('keeps nothing of its batch, and the next round closes each period once', async () => {
    const db = t.runtime.ctx.db;
    const ids = owners.map((o) => o.user.tenantId);
    t.clock.advance(nextMonthStart(t.clock.now().getTime()) - t.clock.now().getTime() + 3 * HOUR_MS);
    // The last account's next invoice number is taken by a stray row of its own: the batch's invoice insert fails.
    const [last] = await db.select({ key: tenants.tenantKey }).from(tenants).where(eq(tenants.id, ids[2]!));
    const strayId = newId();
    await db.insert(invoices).values({
      id: strayId,
      tenantId: ids[2]!,
      number: `${last!.key.slice(0, 8).toUpperCase()}-0002`,
      status: 'void',
      currency: 'USD',
      subtotal: 0,
      total: 0,
      lines: [],
      periodStart: new Date(0),
      periodEnd: new Date(0),
      createdAt: new Date(0),
      dueAt: new Date(0),
      hostedToken: 'stray-token',
    });
    const deps = { db, clock: t.clock, graceDays: 14 };
    await expect(runCloseRound(deps)).rejects.toThrow();
    expect(await db.select().from(billingPeriods).where(inArray(billingPeriods.tenantId, ids))).toEqual([]);
    expect((await db.select().from(invoices).where(inArray(invoices.tenantId, ids))).map((i) => i.id)).toEqual([strayId]);
    expect(
      await db
        .select()
        .from(domainEvents)
        .where(and(inArray(domainEvents.tenantId, ids), eq(domainEvents.type, 'invoice.issued'))),
    ).toEqual([]);

    await db.delete(invoices).where(eq(invoices.id, strayId));
    const report = await runCloseRound(deps);
    expect(report.invoiced).toBeGreaterThanOrEqual(3);
    expect(await runCloseRound(deps)).toEqual({ closed: 0, invoiced: 0 });
    for (const tenantId of ids) {
      expect(await db.select().from(billingPeriods).where(eq(billingPeriods.tenantId, tenantId))).toHaveLength(1);
      expect(await db.select().from(invoices).where(eq(invoices.tenantId, tenantId))).toHaveLength(1);
    }
  });
});
