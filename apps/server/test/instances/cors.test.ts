import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_ANNOTATIONS, CORS_MESSAGES, INSTANCE_MESSAGES, corsSaveBody, type CorsCheck, type Instance, type InstanceConfig } from '@replay/contracts';
import { instanceMetrics, instances } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from './support';

/**
 * The CORS tab through the API with a real agent: the origins a member saves
 * are applied to the running agent by the workflow's config step, the agent's
 * ingest then answers browsers by them, and the origin check asks the agent
 * the preflight a browser would send.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const path = (what = '') => `/managed-saas/instances/${inst.instanceId}${what}`;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const readConfig = async () => (await api(t, owner.jwt).get(path('/config'))).json().data as InstanceConfig;
const applied = () => until(readConfig, (c) => !c.pending, 30_000, 'the config step');
const row = async () => (await t.runtime.ctx.db.select().from(instances).where(eq(instances.instanceId, inst.instanceId)))[0]!;
/** A browser's preflight for a tracker on `origin`, sent to the agent itself. */
const preflight = (origin: string) =>
  fetch(`http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}/api/events`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
  });

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, {
    organizationName: 'Cors Corp',
    instance: { name: 'Corsy' },
    // The operator names the build of the version new instances run (an entry for a catalogue version keeps its bundled agent).
    env: { EXTRA_VERSIONS: JSON.stringify([{ version: '1.21', commit: '3f2c9e1' }]) },
  }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET …/config', () => {
  it('answers the ingress annotations: any origin until a member lists some, and the product’s fixed method and headers', async () => {
    expect(await readConfig()).toEqual({
      ingressAnnotations: {
        [CORS_ANNOTATIONS.enable]: 'true',
        [CORS_ANNOTATIONS.allowOrigin]: '*',
        [CORS_ANNOTATIONS.allowMethods]: 'POST',
        [CORS_ANNOTATIONS.allowHeaders]: 'Content-Type, Authorization, Content-Encoding',
        [CORS_ANNOTATIONS.exposeHeaders]: 'Content-Length',
      },
      corsOrigins: [],
      pending: false,
      updatedAt: null,
      disk: { days: 7, pending: false, updatedAt: null },
      sso: (await api(t, owner.jwt).get(path('/config-sso'))).json().data,
      statistics: (await api(t, owner.jwt).get(path('/statistics'))).json().data,
      currentVersion: { version: '1.21', commit: '3f2c9e1' },
    });
    // The agent agrees: any site's tracker may ask.
    expect((await preflight('https://anywhere.example')).headers.get('access-control-allow-origin')).toBe('https://anywhere.example');
  });
});

describe('GET …/config, the spec’s other sections', () => {
  it('answers disk, sso, statistics and currentVersion as their own reads do, with the build commit the operator registered', async () => {
    // The next minute's slot, so no sample the metrics round takes meanwhile is newer.
    const sampled = { cpu: 1234, memory: 5678, disk: 4321, at: new Date((Math.floor(t.clock.now().getTime() / 60_000) + 1) * 60_000) };
    await t.runtime.ctx.db.insert(instanceMetrics).values({ instanceId: inst.instanceId, ...sampled });
    const config = await readConfig();
    expect(config.statistics).toMatchObject({ cpu: 12.34, memory: 56.78, disk: 43.21, sampledAt: sampled.at.getTime(), diskAlert: null });
    expect(config.statistics).toEqual((await api(t, owner.jwt).get(path('/statistics'))).json().data);
    expect(config.sso).toEqual({
      idp: null,
      enforce: false,
      pending: false,
      updatedAt: null,
      serviceProvider: expect.objectContaining({ acsUrl: expect.stringContaining('/') }),
      test: { passedForSaved: false, testedAt: null, nameId: null },
    });
    expect(config.disk).toEqual({ days: 7, pending: false, updatedAt: null });
    expect(config.currentVersion).toEqual({ version: inst.version, commit: '3f2c9e1' });
  });
});

describe('POST …/config', () => {
  it('refuses what breaks the rules with 400 and says why, changing nothing', async () => {
    const current = await readConfig();
    const withOrigin = (value: string) => ({ ...corsSaveBody(current, []), ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.allowOrigin]: value } });
    const cases: [unknown, string][] = [
      [withOrigin('https://a.example, '), CORS_MESSAGES.emptyOrigin],
      [withOrigin(''), CORS_MESSAGES.emptyOrigin],
      [withOrigin('https://a.example, https://A.example:443'), CORS_MESSAGES.duplicateOrigin('https://a.example')],
      [withOrigin('https://a.example/path'), CORS_MESSAGES.notAnOrigin('https://a.example/path')],
      [withOrigin('ftp://a.example'), CORS_MESSAGES.notAnOrigin('ftp://a.example')],
      [withOrigin('a.example'), CORS_MESSAGES.notAnOrigin('a.example')],
      [{ ...corsSaveBody(current, []), action: 'sso' }, CORS_MESSAGES.unknownAction],
      [{ action: 'cors', ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.enable]: 'false' } }, CORS_MESSAGES.enableOnly],
      [{ action: 'cors', ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.allowMethods]: 'GET, POST' } }, CORS_MESSAGES.fixedRule(CORS_ANNOTATIONS.allowMethods, 'POST')],
      [{ action: 'cors', ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.allowHeaders]: 'X-Anything' } }, 'fixed by the product'],
      [{ action: 'cors', ingressAnnotations: { ...current.ingressAnnotations, 'nginx.ingress.kubernetes.io/cors-allow-credentials': 'true' } }, ''],
      [{ action: 'cors' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await api(t, owner.jwt).post(path('/config'), body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorAnswerShape(res);
      if (message) expect(res.json().errors.join(' ')).toContain(message);
    }
    expect(await readConfig()).toEqual(current);
    expect(await activityRecords(t, inst.instanceId, 'cors')).toEqual([]);
  });

  it('refuses the origins that reached the Kubernetes ingress verbatim (issue 42) with 400 and the form’s words, changing nothing', async () => {
    const current = await readConfig();
    const before = await row();
    const cases: [string, string][] = [
      ["https://a';{}$`b.example", CORS_MESSAGES.notAnOrigin("https://a';{}$`b.example")],
      ['https://a"b.example', CORS_MESSAGES.notAnOrigin('https://a"b.example')],
      ['https://*.example.com', CORS_MESSAGES.wildcard('https://*.example.com')],
      ['https://user@a.example', CORS_MESSAGES.notAnOrigin('https://user@a.example')],
      ['https://a.example?x=1', CORS_MESSAGES.notAnOrigin('https://a.example?x=1')],
    ];
    for (const [origin, message] of cases) {
      const body = { ...corsSaveBody(current, []), ingressAnnotations: { ...current.ingressAnnotations, [CORS_ANNOTATIONS.allowOrigin]: `https://app.example.com, ${origin}` } };
      const res = await api(t, owner.jwt).post(path('/config'), body);
      expect(res.statusCode, origin).toBe(400);
      expect(res.json().errors, origin).toEqual([message]);
    }
    expect(await readConfig()).toEqual(current);
    expect((await row()).corsVersion).toBe(before.corsVersion);
    expect(await activityRecords(t, inst.instanceId, 'cors')).toEqual([]);
  });

  it('saves the origins as browsers send them, and the workflow applies them to the agent, which then answers browsers by them', { timeout: 40_000 }, async () => {
    const res = await api(t, owner.jwt).post(path('/config'), corsSaveBody(await readConfig(), ['https://app.example.com', ' HTTPS://Shop.Example.com:443 ']));
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as InstanceConfig;
    expect(saved.corsOrigins).toEqual(['https://app.example.com', 'https://shop.example.com']);
    expect(saved.ingressAnnotations[CORS_ANNOTATIONS.allowOrigin]).toBe('https://app.example.com, https://shop.example.com');
    expect(saved.updatedAt).toBeGreaterThan(0);
    const done = await applied();
    expect(done).toEqual({ ...saved, pending: false });
    expect(await driver().readConfig(inst.instanceId)).toMatchObject({ corsOrigins: ['https://app.example.com', 'https://shop.example.com'] });

    const allowed = await preflight('https://shop.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, Content-Encoding');
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    expect((await activityRecords(t, inst.instanceId, 'cors')).map((r) => [r.status, r.userName, r.comments])).toEqual([
      ['pending', owner.user.name, 'Allowed origins: https://app.example.com, https://shop.example.com'],
      ['success', 'System', 'The instance now accepts recordings from https://app.example.com, https://shop.example.com'],
    ]);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    // Recorded with the instance: this save, and the refused ones before it.
    const saves = audit.filter((r) => r.action === 'CORS update');
    expect(saves.filter((r) => r.status === 200)).toHaveLength(1);
    expect(saves.filter((r) => r.status === 400).length).toBeGreaterThan(0);
    expect(new Set(saves.map((r) => r.instanceId))).toEqual(new Set([inst.instanceId]));
  });

  it('goes back to any origin with *', { timeout: 40_000 }, async () => {
    const res = await api(t, owner.jwt).post(path('/config'), corsSaveBody(await readConfig(), []));
    expect(res.json().data).toMatchObject({ corsOrigins: [], pending: true });
    await applied();
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBe('https://evil.example');
    expect((await activityRecords(t, inst.instanceId, 'cors')).at(-1)).toMatchObject({ status: 'success', comments: 'The instance now accepts recordings from any origin' });
  });
});

describe('POST …/cors-check', () => {
  it('asks the agent the preflight a browser would send, and says whether a tracker there would be let in and why', { timeout: 40_000 }, async () => {
    await api(t, owner.jwt).post(path('/config'), corsSaveBody(await readConfig(), ['https://app.example.com']));
    await applied();
    const check = async (origin: string) => {
      const res = await api(t, owner.jwt).post(path('/cors-check'), { origin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CorsCheck;
    };
    expect(await check('https://APP.example.com')).toEqual({
      origin: 'https://app.example.com',
      allowed: true,
      status: 204,
      reason: 'Allowed: the instance answers the preflight with Access-Control-Allow-Origin: https://app.example.com, so a tracker on this site can send recordings.',
    });
    const refused = await check('https://other.example.com');
    expect(refused).toMatchObject({ origin: 'https://other.example.com', allowed: false, status: 403 });
    expect(refused.reason).toContain('https://other.example.com is not among the allowed origins');
    const bad = await api(t, owner.jwt).post(path('/cors-check'), { origin: 'https://a.example/path' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([CORS_MESSAGES.notAnOrigin('https://a.example/path')]);
  });
});

describe('who may', () => {
  it('lets a member who may only read see the configuration and check origins, not save: 403, nothing changed', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/config'))).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).post(path('/cors-check'), { origin: 'https://app.example.com' })).statusCode).toBe(200);
    const before = await row();
    const res = await api(t, viewer.jwt).post(path('/config'), corsSaveBody(await readConfig(), ['https://x.example']));
    expect(res.statusCode).toBe(403);
    expect((await row()).corsVersion).toBe(before.corsVersion);
  });

  it('answers 404 for another account’s instance', async () => {
    const stranger = await signup(t);
    const asStranger = api(t, stranger.jwt);
    const body = corsSaveBody(await readConfig(), ['https://x.example']);
    for (const res of [await asStranger.get(path('/config')), await asStranger.post(path('/config'), body), await asStranger.post(path('/cors-check'), { origin: 'https://x.example' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });
});

describe('a stopped instance', () => {
  it('keeps a save pending until it runs again, then has it applied; the origin check answers 409 meanwhile', { timeout: 90_000 }, async () => {
    const read = async () => (await api(t, owner.jwt).get(path())).json().data as Instance;
    await api(t, owner.jwt).post(path('/actions'), { action: 'stop' });
    await until(read, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    const res = await api(t, owner.jwt).post(path('/config'), corsSaveBody(await readConfig(), ['https://later.example']));
    expect(res.statusCode).toBe(200);
    expect((await readConfig()).pending).toBe(true);
    const check = await api(t, owner.jwt).post(path('/cors-check'), { origin: 'https://later.example' });
    expect(check.statusCode).toBe(409);
    expect(check.json().errors).toEqual([INSTANCE_MESSAGES.notRunning]);

    await api(t, owner.jwt).post(path('/actions'), { action: 'start' });
    await until(read, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running again');
    await applied();
    expect((await preflight('https://later.example')).headers.get('access-control-allow-origin')).toBe('https://later.example');
    expect((await preflight('https://app.example.com')).status).toBe(403);
  });
});
