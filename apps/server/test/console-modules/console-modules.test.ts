import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSOLE_MODULE_KEYS, MODULE_MESSAGES } from '@replay/contracts';
import { domainEvents, tenants } from '../../src/db/schema';
import { weeklyReportRepo } from '../../src/modules/onboarding/weekly-report.repo';
import { createTestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { addMember, auditRowsOf } from '../support/team';

/**
 * POST /users/modules: the account's optional modules (contracts' console-modules.ts).
 * The spec's toggle (added if absent, removed if present) on the account's list of
 * modules switched off, an admin's change only, audited, with its domain event; the
 * catalogue's keys only; another account never touched; and the weekly report module,
 * the one whose switch the server itself follows.
 */
const t = await createTestApp();
afterAll(() => t.close());

const toggle = (who: SignedIn | { headers: Record<string, string> }, module: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/modules', headers: 'headers' in who ? who.headers : bearer(who.jwt), payload: { module } as object });
const storedModules = async (tenantId: string) => (await t.runtime.ctx.db.select({ modules: tenants.modules }).from(tenants).where(eq(tenants.id, tenantId)))[0]!.modules;
const accountModules = async (who: SignedIn) => (await t.app.inject({ method: 'GET', url: '/api/account', headers: bearer(who.jwt) })).json().data.settings.modules as string[];

describe('the toggle', () => {
  it('adds the key when absent and removes it when present, answering the account’s new settings', async () => {
    const owner = await signup(t);
    expect(await accountModules(owner)).toEqual([]);
    expect((await toggle(owner, 'alerts')).json()).toEqual({ data: { modules: ['alerts'] } });
    expect((await toggle(owner, 'webhooks')).json()).toEqual({ data: { modules: ['alerts', 'webhooks'] } });
    expect((await toggle(owner, 'alerts')).json()).toEqual({ data: { modules: ['webhooks'] } });
    expect(await storedModules(owner.user.tenantId)).toEqual(['webhooks']);
    expect(await accountModules(owner)).toEqual(['webhooks']);
  });

  it('knows every module of the catalogue', async () => {
    const owner = await signup(t);
    for (const key of CONSOLE_MODULE_KEYS) expect((await toggle(owner, key)).statusCode, key).toBe(200);
    expect(await accountModules(owner)).toEqual([...CONSOLE_MODULE_KEYS]);
  });

  it('never loses a toggle to another one at the same time', async () => {
    const owner = await signup(t);
    const answers = await Promise.all(CONSOLE_MODULE_KEYS.map((key) => toggle(owner, key)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect([...(await storedModules(owner.user.tenantId))].sort()).toEqual([...CONSOLE_MODULE_KEYS].sort());
  });

  it('records the change in the audit trail and as a domain event, with whether the module is now on', async () => {
    const owner = await signup(t);
    await toggle(owner, 'errors');
    await toggle(owner, 'errors');
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'account.module_toggled')))
      .orderBy(domainEvents.occurredAt);
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ module: 'errors', enabled: false, actor: { userId: owner.user.userId, name: owner.user.name } }),
      expect.objectContaining({ module: 'errors', enabled: true }),
    ]);
    const audit = (await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Toggle module');
    expect(audit.map((r) => [r.status, r.payload])).toEqual([
      [200, { module: 'errors' }],
      [200, { module: 'errors' }],
    ]);
  });

  it('leaves every other account as it was', async () => {
    const owner = await signup(t);
    const stranger = await signup(t);
    await toggle(stranger, 'getting-started');
    await toggle(owner, 'alerts');
    expect(await accountModules(stranger)).toEqual(['getting-started']);
    expect(await accountModules(owner)).toEqual(['alerts']);
  });

  it('shows only the catalogue’s keys, even when the account stored another before the catalogue existed', async () => {
    const owner = await signup(t);
    await t.runtime.ctx.db
      .update(tenants)
      .set({ modules: ['notes', 'alerts'] })
      .where(eq(tenants.id, owner.user.tenantId));
    expect(await accountModules(owner)).toEqual(['alerts']);
    expect((await toggle(owner, 'errors')).json()).toEqual({ data: { modules: ['alerts', 'errors'] } });
  });
});

describe('refusals change nothing', () => {
  it('answers 400 naming the modules for a key outside the catalogue, a missing key, or an unknown field', async () => {
    const owner = await signup(t);
    for (const payload of [{ module: 'notes' }, { module: 'Alerts' }, {}, { module: 'alerts', extra: true }, { module: 7 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/modules', headers: bearer(owner.jwt), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    const unknown = await toggle(owner, 'notes');
    expect(unknown.json().errors).toEqual([expect.stringContaining(MODULE_MESSAGES.unknown)]);
    expect(await storedModules(owner.user.tenantId)).toEqual([]);
  });

  it('lets only an admin switch: a member, whatever their permissions, gets 403', async () => {
    const owner = await signup(t);
    const member = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES', 'EDIT_MEMBERS', 'EDIT_ROLES', 'EDIT_BILLING'] });
    const refused = await toggle(member, 'alerts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [MODULE_MESSAGES.adminOnly], code: 'forbidden' });
    expect(await storedModules(owner.user.tenantId)).toEqual([]);
    const admin = await addMember(t, owner.user.tenantId, { permissions: [], admin: true });
    expect((await toggle(admin, 'alerts')).statusCode).toBe(200);
    expect(await accountModules(owner)).toEqual(['alerts']);
  });

  it('needs a session: 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/modules', payload: { module: 'alerts' } })).statusCode).toBe(401);
  });
});

describe('a module switched off is a view choice', () => {
  it('keeps the API of the module answering', async () => {
    const owner = await signup(t);
    await toggle(owner, 'webhooks');
    const res = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bearer(owner.jwt) });
    expect(res.statusCode).toBe(200);
  });

  it('except the weekly report, which is mail: no member of an account that switched it off is due one', async () => {
    const owner = await signup(t);
    const choose = await t.app.inject({ method: 'POST', url: '/api/config/weekly_report', headers: bearer(owner.jwt), payload: { weeklyReport: true } });
    expect(choose.statusCode).toBe(200);
    const nextWeek = new Date(t.clock.now().getTime() + 7 * 24 * 3_600_000);
    const due = async () => (await weeklyReportRepo(t.runtime.ctx.db).dueMembers(nextWeek, 10_000)).some((m) => m.userId === owner.user.userId);
    expect(await due()).toBe(true);
    await toggle(owner, 'weekly-report');
    expect(await due()).toBe(false);
    await toggle(owner, 'weekly-report');
    expect(await due()).toBe(true);
  });
});
