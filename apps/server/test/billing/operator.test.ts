import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { instanceUsagePeriods } from '../../src/db/schema';
import { OPERATOR_CLOSE_PATH, OPERATOR_HEADER } from '../../src/modules/billing/operator.routes';
import { HOUR_MS } from '../../src/modules/billing/metering';
import type { TestApp } from '../support/app';
import type { SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { seedInstance } from '../instances/support';

/**
 * The operator's early close (`npm run billing -- close-period`): taken only from the server
 * machine with the operator header, it closes the named account's running period now into an
 * invoice; a second call closes the (empty) period that began with the first.
 */
let t: TestApp;
let owner: SignedIn;
const close = (account: string, headers: Record<string, string> = { [OPERATOR_HEADER]: 'close-period' }, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: OPERATOR_CLOSE_PATH, headers, payload: { account }, remoteAddress });

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Operator Corp' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('POST /operator/billing/close-period', () => {
  it('is refused from another machine, through a proxy, or without the operator header', async () => {
    expect((await close(owner.email, { [OPERATOR_HEADER]: 'close-period' }, '203.0.113.9')).statusCode).toBe(403);
    expect((await close(owner.email, { [OPERATOR_HEADER]: 'close-period', 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await close(owner.email, {})).statusCode).toBe(403);
    expect((await close('nobody@example.com')).statusCode).toBe(404);
  });

  it('closes the named account’s running period now, by its owner’s email, into an invoice', async () => {
    const inst = await seedInstance(t, owner.user.tenantId, { size: 'large', diskSize: 480 });
    const start = t.clock.now().getTime() - 10 * 60_000;
    await t.runtime.ctx.db
      .insert(instanceUsagePeriods)
      .values({ id: newId(), instanceId: inst.instanceId, tenantId: owner.user.tenantId, status: 'running', size: 'large', diskGb: 480, startedAt: new Date(start), endedAt: null });
    t.clock.advance(2 * HOUR_MS);
    const res = await close(owner.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accountId: owner.user.tenantId, closed: 1, invoiced: 1, paid: 0, refused: 0 });
    const [invoice] = await t.runtime.ctx.db.select().from(invoices).where(eq(invoices.tenantId, owner.user.tenantId));
    expect(invoice).toMatchObject({ status: 'open', nextAttemptAt: null });
    expect(invoice!.lines.map((l) => [l.kind, l.instanceType])).toEqual([
      ['compute', 'large'],
      ['storage', null],
    ]);
    const again = await close(owner.user.tenantId);
    expect(again.json().data).toMatchObject({ closed: 0, invoiced: 0 });
  });
});
