import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES, type MaintenanceWindow } from '@replay/contracts';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { appWithOwner } from '../support/owner';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, seedInstance } from './support';

/**
 * The maintenance window through the API: the default (every Monday at midnight UTC),
 * the crons the form makes and nothing else, the next opening computed from them, the
 * member's record, and who may.
 */
let t: TestApp;
let owner: SignedIn;
let instanceId: string;
const path = () => `/managed-saas/instances/${instanceId}/maintenance-window`;
const read = async () => (await api(t, owner.jwt).get(path())).json().data as MaintenanceWindow;

/** The first instant after `from` at `hour`:`minute` UTC on a day `dayOk` accepts, found by walking the days: independent of the server's cron library. */
function nextAfter(from: number, hour: number, minute: number, dayOk: (d: Date) => boolean): number {
  const start = new Date(from);
  for (let i = 0; i < 40; i++) {
    const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + i, hour, minute));
    if (day.getTime() > from && dayOk(day)) return day.getTime();
  }
  throw new Error('no window in 40 days');
}

beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
  instanceId = (await seedInstance(t, owner.user.tenantId)).instanceId;
});
afterAll(() => t.close());

describe('GET …/maintenance-window', () => {
  it('answers every Monday at midnight UTC by default, with the form’s fields and the next opening', async () => {
    const before = Date.now();
    const window = await read();
    expect(window).toMatchObject({ cron: '0 0 * * 1', frequency: 'weekly', day: 1, hour: 12, meridiem: 'AM', minute: 0, updatedAt: null });
    expect(window.nextWindowAt).toBe(nextAfter(before, 0, 0, (d) => d.getUTCDay() === 1));
  });
});

describe('POST …/maintenance-window', () => {
  it('saves what the form makes (every day, every week, the first weekday of the month) and answers the next opening', async () => {
    const cases: [string, Partial<MaintenanceWindow>, (from: number) => number, string][] = [
      ['30 14 * * *', { frequency: 'daily', hour: 2, meridiem: 'PM', minute: 30 }, (f) => nextAfter(f, 14, 30, () => true), 'Every day at 2:30 PM UTC'],
      ['0 12 * * 5', { frequency: 'weekly', day: 5, hour: 12, meridiem: 'PM' }, (f) => nextAfter(f, 12, 0, (d) => d.getUTCDay() === 5), 'Every Friday at 12:00 PM UTC'],
      [
        '0 2 * * 0#1',
        { frequency: 'monthly', day: 0, hour: 2, meridiem: 'AM' },
        (f) => nextAfter(f, 2, 0, (d) => d.getUTCDay() === 0 && d.getUTCDate() <= 7),
        'The first Sunday of every month at 2:00 AM UTC',
      ],
    ];
    for (const [cron, fields, next, label] of cases) {
      const before = Date.now();
      const res = await api(t, owner.jwt).post(path(), { cron });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data as MaintenanceWindow;
      expect(saved).toMatchObject({ cron, ...fields });
      expect(saved.nextWindowAt).toBe(next(before));
      expect(saved.updatedAt).toBeGreaterThanOrEqual(before);
      expect(await read()).toEqual(saved);
      expect((await activityRecords(t, instanceId, 'changeMaintenanceWindow')).at(-1)).toMatchObject({ status: 'success', userName: owner.user.name, comments: `Maintenance window: ${label}` });
    }
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Maintenance window change' && r.status === 200)).toHaveLength(3);
  });

  it('refuses a malformed cron with 400 and says what a window looks like, changing nothing', async () => {
    const before = await read();
    for (const cron of ['* * * * *', '0 24 * * 1', '60 0 * * 1', '0 0 1 * *', '0 0 * * 7', '0 0 * * 1#2', '0 0 * * 1-5', 'every monday', '', 5, null]) {
      const res = await api(t, owner.jwt).post(path(), { cron });
      expect(res.statusCode, String(cron)).toBe(400);
      expectErrorAnswerShape(res);
      if (typeof cron === 'string') expect(res.json().errors).toEqual([MAINTENANCE_MESSAGES.malformed]);
    }
    expect(await read()).toEqual({ ...before, nextWindowAt: expect.any(Number) });
  });

  it('lets a member who may only read see it, not move it; another account gets 404; a terminated instance 409', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path())).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).post(path(), { cron: '0 3 * * 2' })).statusCode).toBe(403);
    const stranger = await signup(t);
    for (const res of [await api(t, stranger.jwt).get(path()), await api(t, stranger.jwt).post(path(), { cron: '0 3 * * 2' })]) expect(res.statusCode).toBe(404);
    const gone = await seedInstance(t, owner.user.tenantId, { status: 'terminated' });
    const res = await api(t, owner.jwt).post(`/managed-saas/instances/${gone.instanceId}/maintenance-window`, { cron: '0 3 * * 2' });
    expect(res.statusCode).toBe(409);
  });
});
