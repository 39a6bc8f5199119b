import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, PROJECT_MESSAGES, type Project, type Projects } from '@replay/contracts';
import { consoleActivities, instances, projects, uiSignals } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { appWithOwner } from '../support/owner';
import { addInstance, addMember, auditRowsOf, type Member } from '../support/team';
import { newInstance } from '../instances/support';

/** Projects (the spec's sites) through the API: the default project, create, rename, delete, the limit, guards and scope. */
let t: TestApp;
let owner: SignedIn;
let viewer: Member;
let shopId: string;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: { authorization: string }, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const listOf = async (headers: { authorization: string }) => (await send('GET', '/projects', headers)).json().data as Projects;
const rowOf = async (id: string) => (await t.runtime.ctx.db.select().from(projects).where(eq(projects.id, id)))[0];

beforeAll(async () => {
  ({ t, owner } = await appWithOwner({}, { organizationName: 'Projects A' }));
  shopId = await addInstance(t, owner.user.tenantId, 'Shop');
  viewer = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES'] });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('projects', () => {
  it('lists every instance’s default project, named as it and with its id, its key to admins only, and the account’s sites', async () => {
    const list = await listOf(bearer(owner.jwt));
    expect(list.projects).toEqual([
      expect.objectContaining({ siteId: shopId, instanceId: shopId, instanceName: 'Shop', name: 'Shop', isDefault: true, projectKey: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(list.projects[0]?.projectKey).toBe((await rowOf(shopId))?.projectKey);
    // The key is the admins' to see, as the account's own key is.
    expect((await listOf(viewer.headers)).projects).toEqual([{ ...list.projects[0], projectKey: null }]);
    expect(list.sites).toEqual({ limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites - 1 });
  });

  it('gives an instance made through the API its default project in the same change', async () => {
    const other = await signup(t, { organizationName: 'Projects Fresh' });
    const inst = await newInstance(t, other.jwt, { name: 'Fresh one' });
    const row = await rowOf(inst.instanceId);
    expect(row).toMatchObject({ instanceId: inst.instanceId, tenantId: other.user.tenantId, name: 'Fresh one', isDefault: true, createdBy: other.user.userId });
    expect((await send('GET', '/limits', bearer(other.jwt))).json().data.sites).toEqual({ limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites - 1 });
  });

  it('creates, renames and deletes a project, each change stored, audited and in the activity log', async () => {
    const headers = bearer(owner.jwt);
    const created = await send('POST', '/projects', headers, { instanceId: shopId, name: '  Storefront  ' });
    expect(created.statusCode).toBe(201);
    const made = created.json().data as Project;
    expect(made).toMatchObject({ instanceId: shopId, instanceName: 'Shop', name: 'Storefront', isDefault: false });
    expect(made.projectKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowOf(made.siteId)).toMatchObject({ tenantId: owner.user.tenantId, instanceId: shopId, name: 'Storefront', projectKey: made.projectKey, createdBy: owner.user.userId });
    expect((await listOf(headers)).projects.map((p) => p.name)).toEqual(['Shop', 'Storefront']);

    const renamed = await send('PUT', `/projects/${made.siteId}`, headers, { name: 'Storefront EU' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ ...made, name: 'Storefront EU', updatedAt: expect.any(Number) });
    expect((await rowOf(made.siteId))?.name).toBe('Storefront EU');

    const deleted = await send('DELETE', `/projects/${made.siteId}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ ok: true });
    expect(await rowOf(made.siteId)).toBeUndefined();
    expect((await send('DELETE', `/projects/${made.siteId}`, headers)).statusCode).toBe(404);

    const actions = (await auditRowsOf(t, owner.user.tenantId)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['Project create', 'Project rename', 'Project delete']));
    const lines = (await t.runtime.ctx.db.select().from(consoleActivities).where(eq(consoleActivities.tenantId, owner.user.tenantId))).map((r) => r.message);
    expect(lines).toEqual(
      expect.arrayContaining(['Created project Storefront on instance Shop', 'Renamed project Storefront of instance Shop to Storefront EU', 'Deleted project Storefront EU of instance Shop']),
    );
  });

  it('keeps an instance’s default project (409), and two projects of one instance never share a name (409)', async () => {
    const headers = bearer(owner.jwt);
    const kept = await send('DELETE', `/projects/${shopId}`, headers);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ errors: [PROJECT_MESSAGES.defaultKept], code: 'conflict' });
    expectErrorAnswerShape(kept);
    expect(await rowOf(shopId)).toBeDefined();

    const twin = await send('POST', '/projects', headers, { instanceId: shopId, name: 'Shop' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ errors: [PROJECT_MESSAGES.nameTaken], code: 'conflict' });
    const rows = await t.runtime.ctx.db.select().from(projects).where(eq(projects.instanceId, shopId));
    expect(rows.map((r) => r.name)).toEqual(['Shop']);
  });

  it('refuses bad input with 400 and the rule’s words, writing nothing', async () => {
    const headers = bearer(owner.jwt);
    const cases: [object, string][] = [
      [{ instanceId: shopId, name: '   ' }, PROJECT_MESSAGES.nameRequired],
      [{ instanceId: shopId, name: 'x'.repeat(81) }, 'Must be at most 80 characters'],
      [{ instanceId: 'not-an-id', name: 'Web' }, PROJECT_MESSAGES.instanceNotFound],
      [{ instanceId: shopId, name: 'Web', projectKey: 'mine' }, 'Unrecognized key: "projectKey"'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/projects', headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.join(' '), JSON.stringify(body)).toContain(message);
    }
    expect((await send('PUT', `/projects/${shopId}`, headers, { name: '' })).statusCode).toBe(400);
    expect((await rowOf(shopId))?.name).toBe('Shop');
    expect((await listOf(headers)).projects).toHaveLength(1);
  });

  it('refuses a project past the account’s sites with 409 and its words, and GET /limits says none remain', async () => {
    const small = await signup(t, { organizationName: 'Projects Full' });
    const headers = bearer(small.jwt);
    const inst = await addInstance(t, small.user.tenantId, 'Only');
    for (let i = 1; i < ACCOUNT_LIMITS.trial.sites; i++) expect((await send('POST', '/projects', headers, { instanceId: inst, name: `P${i}` })).statusCode).toBe(201);
    const refused = await send('POST', '/projects', headers, { instanceId: inst, name: 'One more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errors: [PROJECT_MESSAGES.limit(ACCOUNT_LIMITS.trial.sites)], code: 'conflict' });
    expect(
      (
        await t.runtime.ctx.db
          .select()
          .from(projects)
          .where(and(eq(projects.instanceId, inst), eq(projects.name, 'One more')))
      ).length,
    ).toBe(0);
    expect((await send('GET', '/limits', headers)).json().data.sites).toEqual({ limit: ACCOUNT_LIMITS.trial.sites, remaining: 0 });
    expect((await listOf(headers)).sites).toEqual({ limit: ACCOUNT_LIMITS.trial.sites, remaining: 0 });
  });

  it('drops a terminated instance’s projects from the list and the count, and adds none to it', async () => {
    const gone = await signup(t, { organizationName: 'Projects Gone' });
    const headers = bearer(gone.jwt);
    const inst = await addInstance(t, gone.user.tenantId, 'Old');
    await t.runtime.ctx.db.update(instances).set({ status: 'terminated', deletedAt: t.clock.now() }).where(eq(instances.instanceId, inst));
    expect(await listOf(headers)).toEqual({ projects: [], sites: { limit: ACCOUNT_LIMITS.trial.sites, remaining: ACCOUNT_LIMITS.trial.sites } });
    const refused = await send('POST', '/projects', headers, { instanceId: inst, name: 'Late' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errors: [PROJECT_MESSAGES.instanceNotFound], code: 'not_found' });
  });

  it('lets a viewer read but not change, keeps a role to its instances, and hides another account’s projects', async () => {
    const made = (await send('POST', '/projects', bearer(owner.jwt), { instanceId: shopId, name: 'Guarded' })).json().data as Project;
    expect((await send('POST', '/projects', viewer.headers, { instanceId: shopId, name: 'Nope' })).statusCode).toBe(403);
    expect((await send('PUT', `/projects/${made.siteId}`, viewer.headers, { name: 'Nope' })).statusCode).toBe(403);
    expect((await send('DELETE', `/projects/${made.siteId}`, viewer.headers)).statusCode).toBe(403);

    const otherId = await addInstance(t, owner.user.tenantId, 'Other');
    const scoped = await addMember(t, owner.user.tenantId, { permissions: ['VIEW_INSTANCES', 'EDIT_INSTANCES'], allInstances: false, instances: [otherId] });
    expect((await listOf(scoped.headers)).projects.map((p) => p.siteId)).toEqual([otherId]);
    expect((await send('PUT', `/projects/${made.siteId}`, scoped.headers, { name: 'Nope' })).statusCode).toBe(404);
    expect((await send('POST', '/projects', scoped.headers, { instanceId: shopId, name: 'Nope' })).statusCode).toBe(404);
    const theirs = await send('PUT', `/projects/${otherId}`, scoped.headers, { name: 'Theirs' });
    expect(theirs.statusCode).toBe(200);
    expect((await rowOf(otherId))?.name).toBe('Theirs');

    const stranger = bearer((await signup(t, { organizationName: 'Projects B' })).jwt);
    expect((await listOf(stranger)).projects).toEqual([]);
    for (const res of [
      await send('PUT', `/projects/${made.siteId}`, stranger, { name: 'Taken' }),
      await send('DELETE', `/projects/${made.siteId}`, stranger),
      await send('POST', '/projects', stranger, { instanceId: shopId, name: 'Taken' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expectErrorAnswerShape(res);
    }
    expect(await rowOf(made.siteId)).toMatchObject({ name: 'Guarded', tenantId: owner.user.tenantId });
  });

  it('takes a UI signal about a project as one about its instance (POST /{projectId}/signals)', async () => {
    const member = await signup(t, { organizationName: 'Projects Signals' });
    const headers = bearer(member.jwt);
    const inst = await addInstance(t, member.user.tenantId, 'Signals');
    const made = (await send('POST', '/projects', headers, { instanceId: inst, name: 'Signalled' })).json().data as Project;
    const res = await send('POST', `/${made.siteId}/signals`, headers, { timestamp: t.clock.now().getTime(), deviceType: 'desktop' });
    expect(res.statusCode).toBe(201);
    const rows = await t.runtime.ctx.db.select().from(uiSignals).where(eq(uiSignals.userId, member.user.userId));
    expect(rows.map((r) => r.instanceId)).toEqual([inst]);
    await send('DELETE', `/projects/${made.siteId}`, headers);
    expect((await send('POST', `/${made.siteId}/signals`, headers, { timestamp: t.clock.now().getTime(), deviceType: 'desktop' })).statusCode).toBe(404);
  });
});
