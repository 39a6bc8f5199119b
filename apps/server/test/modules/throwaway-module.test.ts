import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyPluginAsync } from 'fastify';
import { eventConsumer } from '../../src/events/consumer';
import { queuesOf } from '../../src/jobs/workers';
import { consoleModules, consoleWork } from '../../src/modules';
import { backgroundWorkOf, defineModule } from '../../src/modules/manifest';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';

/**
 * Adding a domain is one folder and one line of modules/index.ts: a module's manifest is all the
 * console needs to mount its routes, run its start-up task, serve its job on its schedule and hand
 * it domain events. This throwaway module is that line, added beside the console's own.
 */
const seen = { started: 0, rounds: 0, events: [] as string[] };

const pingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/throwaway/ping', async () => ({ pong: true }));
};

const throwawayModule = defineModule({
  name: 'throwaway',
  rootRoutes: [pingRoutes],
  startupTasks: [{ name: 'throwaway-start', run: async () => void seen.started++ }],
  jobs: [{ queue: 'throwaway-round', handle: async () => void seen.rounds++ }],
  schedules: [{ queue: 'throwaway-round', everySeconds: 60 }],
  consumers: [eventConsumer({ name: 'throwaway-roles', delivery: 'after-commit', types: ['role.created'], handle: async (_tx, event) => void seen.events.push(event.role.name) })],
});

describe('a module added by its manifest alone', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ RUN_WORKERS: 'true' }, { modules: [...consoleModules, throwawayModule] });
    owner = await signup(t);
  });
  afterAll(() => t.close());

  it('gets its route mounted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/throwaway/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pong: true });
  });

  it('gets its start-up task run once, and its job served on its schedule', async () => {
    expect(seen.started).toBe(1);
    await vi.waitFor(() => expect(seen.rounds).toBeGreaterThanOrEqual(1), { timeout: 20_000 });
  });

  it('gets the domain events of its types after their commit', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/client/roles', headers: bearer(owner.jwt), payload: { name: 'Throwaway reader' } });
    expect(res.statusCode, res.body).toBe(201);
    await t.runtime.drain();
    expect(seen.events).toEqual(['Throwaway reader']);
  });

  it('is not in the console unless its line is', () => {
    expect(consoleModules.map((m) => m.name)).not.toContain('throwaway');
    expect(queuesOf(consoleWork).jobs.map((j) => j.queue)).not.toContain('throwaway-round');
    expect(queuesOf(backgroundWorkOf([...consoleModules, throwawayModule])).jobs.map((j) => j.queue)).toContain('throwaway-round');
  });
});
