import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { consoleActivities, domainEventCursors, domainEvents, roles } from '../../src/db/schema';
import { domainEventSchema } from '@replay/contracts';
import { createPeerApp, createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { createProjection, projected, recorder } from './support';

/**
 * The event spine: a change writes its event in its own transaction, the
 * activity log is written from it there, and after-commit consumers get each
 * event once, whatever the number of console processes and wherever one dies.
 */

const createRole = (t: { app: TestApp['app'] }, owner: SignedIn, name: string) => t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name } });

async function eventIds(t: TestApp, tenantId: string, type: string): Promise<string[]> {
  const rows = await t.runtime.ctx.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.tenantId, tenantId), eq(domainEvents.type, type)))
    .orderBy(asc(domainEvents.id));
  return rows.map((r) => r.id);
}

describe('an event is part of its change', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => ({ t, owner } = await appWithOwner()));
  afterAll(() => t.close());

  it('is written with the change, as the contract types it, and the activity line is written from it (same id)', async () => {
    expect((await createRole(t, owner, 'Support')).statusCode).toBe(201);
    const [event] = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'role.created')));
    expect(domainEventSchema.parse(event!.payload)).toMatchObject({
      type: 'role.created',
      tenantId: owner.user.tenantId,
      actor: { userId: owner.user.userId, name: owner.user.name },
      role: { name: 'Support' },
    });
    const [line] = await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.id, event!.id));
    expect(line).toMatchObject({ action: 'role.created', message: 'Created role Support', userName: owner.user.name });
  });

  it('leaves no event, no activity line and no change when the change rolls back after writing its event', async () => {
    // The activity log's consumer runs inside the change's transaction; a database that refuses its line
    // makes the change fail after its event was written, and everything goes.
    const db = t.runtime.ctx.db;
    await db.execute(sql`create function refuse_doomed() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db.execute(sql`create trigger refuse_doomed before insert on console_activities for each row when (new.message like '%Doomed%') execute function refuse_doomed()`);
    try {
      expect((await createRole(t, owner, 'Doomed')).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_doomed on console_activities`);
      await db.execute(sql`drop function refuse_doomed()`);
    }
    expect(await db.select().from(roles).where(eq(roles.name, 'Doomed'))).toEqual([]);
    const events = await db
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.payload} -> 'role' ->> 'name' = 'Doomed'`);
    expect(events).toEqual([]);
    expect(await db.select().from(consoleActivities).where(eq(consoleActivities.message, 'Created role Doomed'))).toEqual([]);
  });
});

describe.each([
  { mode: 'without a job queue (delivered in each process after its commits)', workers: 'false' },
  { mode: 'with workers (jobs and drains delivering side by side)', workers: 'true' },
])('after-commit consumers, two console processes on one database, $mode', ({ workers }) => {
  const calls: string[] = [];
  const consumerOf = (process: string) => recorder({ name: 'test-recorder', process, types: ['role.created'], calls });
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ RUN_WORKERS: workers }, { eventConsumers: [consumerOf('first')] });
    await createProjection(t.runtime.ctx.db);
    peer = await createPeerApp(t, { eventConsumers: [consumerOf('second')] });
    owner = await signup(t);
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('hands every event to the consumer exactly once, while both deliver at the same time', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => createRole(i % 2 ? peer : t, owner, `Role ${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    await Promise.all([t.runtime.drain(), peer.runtime.drain()]);
    const ids = await eventIds(t, owner.user.tenantId, 'role.created');
    expect(ids).toHaveLength(30);
    const handed = calls.map((c) => c.split(':')[1]!);
    expect([...handed].sort()).toEqual(ids);
    expect((await projected(t.runtime.ctx.db, 'test-recorder')).map((r) => r.event_id)).toEqual(ids);
  });
});

describe('a delivery that dies between the consumer’s write and its cursor’s move', () => {
  const calls: string[] = [];
  /** While true, the process delivering role E dies after the consumer wrote it, before the cursor moved. */
  let down = false;
  const consumer = recorder({
    name: 'test-crash',
    process: 'only',
    types: ['role.created'],
    calls,
    beforeCommit: (event) => {
      if (down && event.type === 'role.created' && event.role.name === 'E') throw new Error('the process died here');
    },
  });
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({}, { eventConsumers: [consumer] });
    await createProjection(t.runtime.ctx.db);
    owner = await signup(t);
  });
  afterAll(() => t.close());

  async function roleEvents(): Promise<Record<string, string>> {
    const rows = await t.runtime.ctx.db.select({ id: domainEvents.id, payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'role.created'));
    return Object.fromEntries(rows.map((r) => [(r.payload as { role: { name: string } }).role.name, r.id]));
  }

  it('is redone once the process is back: nothing lost, nothing written twice, the events after it wait their turn', async () => {
    const db = t.runtime.ctx.db;
    down = true;
    for (const name of ['D', 'E', 'F']) expect((await createRole(t, owner, name)).statusCode).toBe(201);
    await t.runtime.drain();
    const ids = await roleEvents();
    let written = (await projected(db, 'test-crash')).map((r) => r.event_id);
    // E was handed and written, and the write went with the delivery that died; F waits behind it, in order.
    expect(calls).toContain(`only:${ids.E}`);
    expect(written).toEqual([ids.D]);

    down = false;
    await t.runtime.drain();
    written = (await projected(db, 'test-crash')).map((r) => r.event_id);
    expect(written.sort()).toEqual([ids.D, ids.E, ids.F].sort());
    expect(calls.filter((c) => c === `only:${ids.E}`).length).toBeGreaterThanOrEqual(2);
    const [cursor] = await db.select().from(domainEventCursors).where(eq(domainEventCursors.consumer, 'test-crash'));
    const [last] = await db.select({ position: sql<string>`max(${domainEvents.position})` }).from(domainEvents);
    expect(Number(cursor!.position)).toBe(Number(last!.position));

    // Handed again by hand (a replay): the consumer's write is keyed by the event, so nothing doubles.
    const [stored] = await db.select().from(domainEvents).where(eq(domainEvents.id, ids.E!));
    await consumer.handle(db, { ...domainEventSchema.parse(stored!.payload), id: ids.E! });
    expect((await projected(db, 'test-crash')).filter((r) => r.event_id === ids.E)).toHaveLength(1);
  });
});
