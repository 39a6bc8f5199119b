import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { auditTrail } from '../src/db/schema';
import { createTestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { interceptAuditInserts } from './support/audit-chain';

/**
 * The audit trail never loses the record of a call it should hold: text the
 * database cannot store is made storable before the write, and a write the
 * database still refuses is made again without the call's parameters and
 * payload (and logged), rather than dropped.
 */
const t = await createTestApp();
afterAll(() => t.close());
const owner = await signup(t);
const headers = bearer(owner.jwt);

async function recordOf(requestId: unknown) {
  await t.app.auditDrain();
  return t.runtime.ctx.db
    .select()
    .from(auditTrail)
    .where(eq(auditTrail.requestId, String(requestId)));
}

describe('text the database cannot store', () => {
  it('is made storable in the record of a refused call: NUL dropped, unpaired surrogates as U+FFFD, in keys and values', async () => {
    const payload = { module: 'notes\ud800', 'odd\udc00key': ['a\u0000b', { deep: '\udbff!' }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/users/modules?note=%00here', headers, payload });
    expect(res.statusCode).toBe(400);
    const [row] = await recordOf(res.headers['x-request-id']);
    expect(row).toMatchObject({ action: 'Toggle module', status: 400, parameters: { note: 'here' } });
    expect(row!.payload).toEqual({ module: 'notes\uFFFD', 'odd\uFFFDkey': ['ab', { deep: '\uFFFD!' }] });
  });
});

describe('a record the database refuses', () => {
  it('is written without parameters and payload, and the refusal is logged', async () => {
    const { ctx } = t.runtime;
    // The same server on a database whose audit inserts refuse any payload: what
    // a payload no rule foresaw would do.
    const refusing = interceptAuditInserts(ctx.db, (row, insert) => (row.payload && !('omitted' in (row.payload as object)) ? Promise.reject(new Error('jsonb refused the payload')) : insert()));
    const logged: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp({ ...ctx, db: refusing }, { logger: { level: 'error', stream } });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/users/modules?from=test', headers, payload: { module: 'alerts' } });
      expect(res.statusCode).toBe(200);
      await app.auditDrain();
      const [row] = await recordOf(res.headers['x-request-id']);
      expect(row).toMatchObject({
        action: 'Toggle module',
        status: 200,
        userId: owner.user.userId,
        parameters: {},
        payload: { omitted: 'payload could not be stored' },
      });
      expect(logged).toContainEqual(expect.objectContaining({ reqId: res.headers['x-request-id'], msg: expect.stringMatching(/^audit trail write failed; recording the call without/) }));
    } finally {
      await app.close();
    }
  });
});
