import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/composition';
import { serverModule, type ServerModule } from '../src/platform/server-module';
import { serverModules } from '../src/modules';
import type { InstancesCore } from '../src/modules/instances/core/core.module';
import { createTestApp, type TestApp } from './support/app';
import { bearer, signup } from './support/auth';
import { appWithOwner } from './support/owner';
import { createProjection, projected, recorder } from './events/support';

/**
 * A domain is one folder and one line: a module the console has never heard of, declared in one
 * manifest and added to the list, gets its services built (with those of the modules before it),
 * its page served, its job run from its schedule and its consumer handed the events it asked for,
 * without any registry naming it.
 */
const jobRuns: object[] = [];
const consumed: string[] = [];
const widgetsModule = serverModule({
  name: 'widgets',
  services: (_ctx, uses: Pick<InstancesCore, 'instances'>) => ({ widgets: { made: 'widgets', sees: typeof uses.instances.load } }),
  pages: [
    async (app) => {
      app.get('/widgets/ping', async () => ({ data: 'pong' }));
    },
  ],
  jobs: [{ queue: 'widgets-round', handle: async (_ctx, _data, _attempt, services) => void jobRuns.push(services) }],
  schedules: [{ queue: 'widgets-round', everySeconds: 1 }],
  consumers: [recorder({ name: 'widgets-recorder', process: 'widgets', types: ['role.created'], calls: consumed })],
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error(`never happened: ${what}`);
}

describe('a module added by one line of the list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RUN_WORKERS: 'true' }, { modules: [...serverModules, widgetsModule] });
    await createProjection(t.runtime.ctx.db);
  });
  afterAll(() => t.close());

  it('has its services built beside the others, given those of the modules before it', () => {
    const services = t.app.services as unknown as Record<string, unknown>;
    expect(services.widgets).toEqual({ made: 'widgets', sees: 'function' });
    expect(typeof t.app.services.instances.load).toBe('function');
  });

  it('serves its pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widgets/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: 'pong' });
  });

  it('runs its job from its schedule, with the services the composition root built (the app serves with the same)', async () => {
    await until(() => jobRuns.length > 0, 'the widgets round ran');
    expect(jobRuns[0]).toBe(t.app.services);
    expect(t.app.services).toBe(t.runtime.services);
  });

  it('hands its consumer the events it asked for, after their commit', async () => {
    const owner = await signup(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Widgets' } });
    expect(res.statusCode).toBe(201);
    await t.runtime.drain();
    expect(consumed).toHaveLength(1);
    expect(await projected(t.runtime.ctx.db, 'widgets-recorder')).toEqual([{ event_id: consumed[0]!.split(':')[1], handled_by: 'widgets' }]);
  });
});

describe('the composition root', () => {
  let t: TestApp;
  beforeAll(async () => ({ t } = await appWithOwner()));
  afterAll(() => t.close());

  it('says at start which service a module uses that no module before it builds', () => {
    const early: ServerModule<object, never> = serverModule({ name: 'early', services: (_ctx, uses: { instances: unknown }) => ({ early: uses.instances }) });
    expect(() => createServices(t.runtime.ctx, [early, ...serverModules])).toThrow("a module uses the service 'instances', which no module listed before it builds");
  });

  it('refuses two modules building a service of the same name', () => {
    const twin: ServerModule<object, never> = serverModule({ name: 'twin', services: () => ({ roles: {} }) });
    expect(() => createServices(t.runtime.ctx, [...serverModules, twin])).toThrow("the service 'roles' is built by two modules (the second: twin)");
  });
});
