import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetails, AlertRule } from '@replay/contracts';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { appWithOwner } from '../support/owner';
import { addInstance, addMember, auditRowsOf, type Member } from '../support/team';

/** Alert rules through the API: validation, the instance's guards and scope, the audit trail. */
let t: TestApp;
let owner: SignedIn;
let viewer: Member;
let instanceId: string;

const rule = { name: 'CPU busy', metric: 'cpu', threshold: 80, durationMinutes: 5, mail: true, enabled: true };
const url = (id = instanceId, alertId?: string) => `/api/managed-saas/instances/${id}/alerts${alertId ? `/${alertId}` : ''}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: { authorization: string }, payload?: object) =>
  t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Alerts A' }));
  instanceId = await addInstance(t, owner.user.tenantId, 'Shop');
  viewer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('alert rules', () => {
  it('creates, lists, reads, updates and deletes a rule, each change audited', async () => {
    const headers = bearer(owner.jwt);
    const created = await send('POST', url(), headers, rule);
    expect(created.statusCode).toBe(201);
    const made = created.json().data as AlertRule;
    expect(made).toMatchObject({ ...rule, instanceId, state: 'ok', breachingSince: null, lastValue: null });

    expect((await send('GET', url(), viewer.headers)).json().data.alerts).toEqual([made]);
    const details = (await send('GET', url(instanceId, made.alertId), viewer.headers)).json().data as AlertDetails;
    expect(details).toEqual({ alert: made, history: [] });

    const updated = await send('PUT', url(instanceId, made.alertId), headers, { ...rule, metric: 'health', threshold: null, durationMinutes: 2 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ metric: 'health', threshold: null, durationMinutes: 2 });

    expect((await send('DELETE', url(instanceId, made.alertId), headers)).json().data).toEqual({ deleted: true });
    expect((await send('GET', url(instanceId, made.alertId), headers)).statusCode).toBe(404);
    const actions = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['Alert rule create', 'Alert rule update', 'Alert rule delete']));
  });

  it('refuses a rule that does not make sense, saying why', async () => {
    const headers = bearer(owner.jwt);
    const cases: [object, string][] = [
      [{ ...rule, threshold: null }, 'A threshold from 1 to 100 % is required for CPU, memory and disk.'],
      [{ ...rule, metric: 'health' }, 'A health rule has no threshold.'],
      [{ ...rule, name: '  ' }, 'Name is required.'],
      [{ ...rule, threshold: 101 }, 'Must be a whole number from 1 to 100.'],
      [{ ...rule, durationMinutes: 0 }, 'Must be a whole number from 1 to 1440.'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', url(), headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContain(message);
    }
    expect((await send('POST', url(), headers, { ...rule, extra: 1 })).statusCode).toBe(400);
  });

  it('lets a viewer read but not change, and hides another account’s instance', async () => {
    expect((await send('POST', url(), viewer.headers, rule)).statusCode).toBe(403);
    const stranger = await signup(t, { organizationName: 'Alerts B' });
    expect((await send('GET', url(), bearer(stranger.jwt))).statusCode).toBe(404);
    expect((await send('POST', url(), bearer(stranger.jwt), rule)).statusCode).toBe(404);
    const scoped = await addMember(t, owner.user.tenantId, { permissions: ['EDIT_INSTANCES'], allInstances: false, instances: [] });
    expect((await send('GET', url(), scoped.headers)).statusCode).toBe(404);
  });
});
