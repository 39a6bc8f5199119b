import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGGER_OPTIONS, LOGGER_OPTIONS_MESSAGES, MAX_LOGGER_LIST, type Instance, type LoggerOptions, type LoggerOptionsBody } from '@replay/contracts';
import { domainEvents, loggerOptions } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { activityRecords, addMember, api, appWithRunningInstance, tempInstancesDir, until } from '../instances/support';

/**
 * The account's logger options through the API with a real agent: validation, the save's
 * audit record and domain event, the workflow's config step giving them to every running
 * instance (and to one stopped meanwhile, when it runs), and the agent enforcing them.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const driver = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' });
const read = async (jwt = owner.jwt) => (await api(t, jwt).get('/client/logger-options')).json().data as LoggerOptions;
const save = (body: unknown, jwt = owner.jwt) => api(t, jwt).post('/client/logger-options', body as object);
const applied = () =>
  until(
    () => read(),
    (s) => !s.pending,
    30_000,
    'the config step',
  );
const body = (over: Partial<LoggerOptionsBody> = {}): LoggerOptionsBody => ({ ...DEFAULT_LOGGER_OPTIONS, ...over });
const storedRow = async () => (await t.runtime.ctx.db.select().from(loggerOptions).where(eq(loggerOptions.tenantId, owner.user.tenantId)))[0] ?? null;

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Logger Corp', instance: { name: 'Guarded' } }));
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

describe('GET /client/logger-options', () => {
  it("answers the spec's defaults before any save: input mode 0, nothing refused or obscured", async () => {
    expect(await read()).toEqual({ ipWhitelist: [], allowedDomains: [], defaultInputMode: 0, obscureEmailData: false, obscureNumericData: false, pending: false, updatedAt: null });
  });
});

describe('POST /client/logger-options: validation', () => {
  it('refuses what is no address, range or domain, repeats, long lists, other modes and unknown fields: 400 saying why, nothing stored', async () => {
    const long = Array.from({ length: MAX_LOGGER_LIST + 1 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`);
    const cases: [unknown, string][] = [
      [body({ ipWhitelist: ['10.0.0.256'] }), LOGGER_OPTIONS_MESSAGES.ip('10.0.0.256')],
      [body({ ipWhitelist: ['10.0.0.0/33'] }), LOGGER_OPTIONS_MESSAGES.ip('10.0.0.0/33')],
      [body({ ipWhitelist: ['2001:db8::/129'] }), LOGGER_OPTIONS_MESSAGES.ip('2001:db8::/129')],
      [body({ ipWhitelist: ['example.com'] }), LOGGER_OPTIONS_MESSAGES.ip('example.com')],
      [body({ ipWhitelist: ['10.0.0.1', '10.0.0.1'] }), LOGGER_OPTIONS_MESSAGES.duplicate('10.0.0.1')],
      [body({ ipWhitelist: long }), LOGGER_OPTIONS_MESSAGES.tooMany],
      [body({ allowedDomains: ['https://shop.example.com'] }), LOGGER_OPTIONS_MESSAGES.domain('https://shop.example.com')],
      [body({ allowedDomains: ['localhost'] }), LOGGER_OPTIONS_MESSAGES.domain('localhost')],
      [body({ allowedDomains: ['shop.*.com'] }), LOGGER_OPTIONS_MESSAGES.domain('shop.*.com')],
      [body({ allowedDomains: ['-bad.example.com'] }), LOGGER_OPTIONS_MESSAGES.domain('-bad.example.com')],
      [{ ...body(), defaultInputMode: 3 }, LOGGER_OPTIONS_MESSAGES.inputMode],
      [{ ...body(), defaultInputMode: '1' }, LOGGER_OPTIONS_MESSAGES.inputMode],
      [{ ...body(), obscureEmailData: 'yes' }, ''],
      [{ ...body(), extra: 1 }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors.join(' ')).toContain(message);
    }
    expect(await storedRow()).toBeNull();
  });

  it('takes addresses, ranges of both families and domains, trimmed and in lower case', async () => {
    const res = await save(body({ ipWhitelist: [' 127.0.0.0/8 ', '2001:DB8::/32', '::1'], allowedDomains: ['Shop.Example.com', '*.example.org'] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ipWhitelist: ['127.0.0.0/8', '2001:db8::/32', '::1'], allowedDomains: ['shop.example.com', '*.example.org'] });
  });
});

describe('POST /client/logger-options: applied by the workflow', () => {
  it('stores them, records the save (audit, event), and the config step gives the agent the options, which it enforces', { timeout: 60_000 }, async () => {
    const wanted = body({ ipWhitelist: ['127.0.0.0/8'], allowedDomains: ['shop.example.com'], defaultInputMode: 1, obscureEmailData: true, obscureNumericData: false });
    const res = await save(wanted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...wanted, pending: true, updatedAt: expect.any(Number) });
    expect(await applied()).toMatchObject({ ...wanted, pending: false });
    expect((await driver().readConfig(inst.instanceId)).logger).toEqual(wanted);

    const { tenantKey } = (await api(t, owner.jwt).get('/account')).json().data as { tenantKey: string };
    const agentUrl = `http://127.0.0.1:${driver().folders.read(inst.instanceId)!.port}`;
    const send = (sessionId: string, url: string) =>
      fetch(`${agentUrl}/api/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}` },
        body: JSON.stringify({
          sessionId,
          events: [
            { type: 3, timestamp: 1, data: { source: 5, id: 1, text: 'secret', isChecked: false } },
            { type: 5, timestamp: 2, data: { tag: 'note', payload: 'Mail ada@example.com' } },
          ],
          url,
        }),
      });
    expect((await send('elsewhere', 'https://evil.example.net/')).status).toBe(403);
    expect((await send('on-shop', 'https://shop.example.com/cart')).status).toBe(202);
    const day = new Date().toISOString().slice(0, 10);
    const lines = readFileSync(join(dir.dataDir, 'instances', inst.instanceId, 'data', 'sessions', day, 'on-shop.jsonl'), 'utf8')
      .trim()
      .split('\n');
    // The batch's head (when it came, its page), then its events, masked.
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ type: 'replay.batch', url: 'https://shop.example.com/cart' }),
      { type: 3, timestamp: 1, data: { source: 5, id: 1, text: '******', isChecked: false } },
      { type: 5, timestamp: 2, data: { tag: 'note', payload: 'Mail ***************' } },
    ]);
    expect((await driver().stats(inst.instanceId)).logger).toMatchObject({ refusedDomains: 1, refusedAddresses: 0 });

    const records = (await activityRecords(t, inst.instanceId, 'loggerUpdate')).map((r) => [r.status, r.comments]);
    expect(records.at(-1)).toEqual(['success', 'The instance now accepts recordings from 1 address range(s) on shop.example.com, keeps typed values obscured, and obscures e-mail addresses']);
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Logger options update' && r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(audit.some((r) => r.action === 'Logger options update' && r.status === 400)).toBe(true);
    const events = await t.runtime.ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.tenantId, owner.user.tenantId), eq(domainEvents.type, 'logger_options.changed')));
    expect(events.at(-1)!.payload).toMatchObject({ ipRanges: 1, domains: 1, defaultInputMode: 1, obscureEmailData: true, obscureNumericData: false, actor: { userId: owner.user.userId } });
  });

  it('gives an instance that was stopped during a save the current options when it starts again', { timeout: 90_000 }, async () => {
    const id = inst.instanceId;
    const readInstance = async () => (await api(t, owner.jwt).get(`/managed-saas/instances/${id}`)).json().data as Instance;
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${id}/actions`, { action: 'stop' })).statusCode).toBe(200);
    await until(readInstance, (i) => i.status === 'stopped' && !i.inProgress, 30_000, 'stopped');
    const later = body({ obscureNumericData: true, defaultInputMode: 2 });
    expect((await save(later)).statusCode).toBe(200);
    // Nothing runs to take them: not pending, and the stopped agent's folder still holds the last ones.
    expect((await read()).pending).toBe(false);
    expect((await api(t, owner.jwt).post(`/managed-saas/instances/${id}/actions`, { action: 'start' })).statusCode).toBe(200);
    await until(readInstance, (i) => i.status === 'running' && !i.inProgress, 30_000, 'running');
    await applied();
    expect((await driver().readConfig(id)).logger).toEqual(later);
  });
});

describe('who may', () => {
  it('lets a member who may only read see the options, not change them: 403', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await read(viewer.jwt)).obscureNumericData).toBe(true);
    expect((await save(body(), viewer.jwt)).statusCode).toBe(403);
  });

  it('refuses a member whose role reaches only some instances (the options change them all): 403, nothing changed', async () => {
    const partial = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES', 'EDIT_INSTANCES'], [inst.instanceId]);
    const before = await storedRow();
    expect((await save(body(), partial.jwt)).statusCode).toBe(403);
    expect(await storedRow()).toEqual(before);
  });

  it("keeps each account's options its own", async () => {
    const stranger = await signup(t);
    expect((await read(stranger.jwt)).obscureNumericData).toBe(false);
  });
});
