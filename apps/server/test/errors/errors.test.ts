import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { and, eq } from 'drizzle-orm';
import { SOURCE_MAPS_PATH } from '@replay/agent-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JS_ERROR_MESSAGES, MAX_SOURCE_MAP_CHARS, type Instance, type JsErrorDetail, type JsErrorGroup } from '@replay/contracts';
import { projects, sourceMaps } from '../../src/db/schema';
import { LocalDriver } from '../../src/infra/local-driver';
import { newId } from '../../src/lib/ids';
import type { TestApp } from '../support/app';
import { signup, type SignedIn } from '../support/auth';
import { expectErrorAnswerShape } from '../support/error-answer';
import { auditRowsOf } from '../support/team';
import { addMember, api, appWithRunningInstance, tempInstancesDir } from '../instances/support';

/**
 * JavaScript errors with a real agent: the tracker reports an error thrown by a really
 * minified script (esbuild), the console lists it grouped and shows its stack, first
 * unresolved ('Source maps must be uploaded…'), then, once the build's source map is
 * uploaded (handed to the instance, which keeps it and resolves the frames), at the
 * original file, line, column and code. The instance is the one place maps are kept.
 */
const dir = tempInstancesDir();
let t: TestApp;
let owner: SignedIn;
let inst: Instance;
const FILE = 'https://shop.example.com/assets/app.min.js';
const ORIGINAL = [
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price * item.quantity;',
  '  }',
  '  if (sum > 100) {',
  '    throw new TypeError("Cart total too high: " + sum);',
  '  }',
  '  return sum;',
  '}',
  '',
].join('\n');
const built = transformSync(ORIGINAL, { minify: true, sourcemap: 'external', sourcefile: 'src/cart.js', format: 'iife', globalName: 'Cart' });
const path = (what: string) => `/managed-saas/instances/${inst.instanceId}${what}`;

/** Runs the minified script as a browser would load it from FILE, and reports its error as the tracker does. */
async function reportRealError(sessionId: string): Promise<void> {
  let thrown: Error | undefined;
  try {
    runInNewContext(`${built.code};Cart.total([{ price: 200, quantity: 1 }])`, {}, { filename: FILE });
  } catch (e) {
    thrown = e as Error;
  }
  const frames = [...thrown!.stack!.matchAll(/at (?:(\S+) \()?(https:\/\/[^\s)]+):(\d+):(\d+)\)?/g)].map((m) => ({ file: m[2]!, function: m[1] ?? null, line: Number(m[3]), column: Number(m[4]) }));
  const port = agentPort();
  const { tenantKey } = (await api(t, owner.jwt).get('/account')).json().data as { tenantKey: string };
  const res = await fetch(`http://127.0.0.1:${port}/api/errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tenantKey}` },
    body: JSON.stringify({ sessionId, name: thrown!.name, message: thrown!.message, url: 'https://shop.example.com/cart', release: '2.4.0', stack: thrown!.stack, frames }),
  });
  expect(res.status).toBe(202);
}

const agentPort = () => new LocalDriver({ root: join(dir.dataDir, 'instances'), consoleOrigin: 'http://localhost:3000' }).folders.read(inst.instanceId)!.port;
const upload = (body: object, jwt = owner.jwt) => api(t, jwt).post(path('/source-maps'), body);

beforeAll(async () => {
  ({ t, owner, inst } = await appWithRunningInstance(dir.dataDir, { organizationName: 'Errors Corp', instance: { name: 'Shop' } }));
  await reportRealError('session-1');
  await reportRealError('session-2');
}, 60_000);
afterAll(async () => {
  await t.close();
  await dir.dispose();
});

let group: JsErrorGroup;

describe('GET …/errors', () => {
  it('lists the instance’s errors grouped by message and top frame, with count and last seen', async () => {
    const res = await api(t, owner.jwt).get(path('/errors?page=1&limit=20'));
    expect(res.statusCode, res.body).toBe(200);
    const { errors, total } = res.json().data as { errors: JsErrorGroup[]; total: number };
    expect(total).toBe(1);
    group = errors[0]!;
    expect(group).toMatchObject({ name: 'TypeError', message: 'Cart total too high: 200', count: 2, sessions: 2, topFrame: { file: FILE, line: 1 } });
    expect(group.lastSeen).toBeGreaterThanOrEqual(group.firstSeen);
  });
});

describe('GET …/errors/{errorId}', () => {
  it('shows the stack unresolved while no source map was uploaded', async () => {
    const res = await api(t, owner.jwt).get(path(`/errors/${group.errorId}`));
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as JsErrorDetail;
    expect(detail).toMatchObject({ sourceMapped: false, release: '2.4.0', url: 'https://shop.example.com/cart' });
    expect(detail.stack).toContain('TypeError: Cart total too high: 200');
    expect(detail.frames[0]).toMatchObject({ file: FILE, line: 1, original: null });
  });

  it('answers 404 for an unknown or malformed error id, and for another account’s instance', async () => {
    for (const id of ['0000000000000000', 'not-an-error']) {
      const res = await api(t, owner.jwt).get(path(`/errors/${id}`));
      expect(res.statusCode, id).toBe(404);
      expectErrorAnswerShape(res);
    }
    const stranger = await signup(t);
    expect((await api(t, stranger.jwt).get(path(`/errors/${group.errorId}`))).statusCode).toBe(404);
    expect((await api(t, stranger.jwt).get(path('/errors'))).statusCode).toBe(404);
    expect((await upload({ release: '2.4.0', fileUrl: FILE, map: built.map }, stranger.jwt)).statusCode).toBe(404);
  });
});

describe('POST …/source-maps', () => {
  it('refuses what is not a source map v3, an oversized one and a file URL that is not http(s), storing nothing', async () => {
    const v2 = JSON.stringify({ ...JSON.parse(built.map), version: 2 });
    const cases: [object, string][] = [
      [{ release: '2.4.0', fileUrl: FILE, map: 'not json' }, JS_ERROR_MESSAGES.notSourceMap],
      [{ release: '2.4.0', fileUrl: FILE, map: v2 }, JS_ERROR_MESSAGES.notSourceMap],
      [{ release: '2.4.0', fileUrl: FILE, map: '{"version":3}' }, JS_ERROR_MESSAGES.notSourceMap],
      [{ release: '2.4.0', fileUrl: 'file:///etc/passwd', map: built.map }, JS_ERROR_MESSAGES.fileUrl],
      [{ release: '', fileUrl: FILE, map: built.map }, 'Release is required'],
      [{ release: '2.4.0', fileUrl: FILE, map: 'x'.repeat(MAX_SOURCE_MAP_CHARS + 1) }, JS_ERROR_MESSAGES.tooLarge(MAX_SOURCE_MAP_CHARS)],
    ];
    for (const [body, message] of cases) {
      const res = await upload(body);
      expect(res.statusCode, message).toBe(400);
      expectErrorAnswerShape(res);
      expect(res.json().errors.join(' ')).toContain(message);
    }
    expect((await api(t, owner.jwt).get(path(`/errors/${group.errorId}`))).json().data.sourceMapped).toBe(false);
  });

  it('lets a member who may only read see errors, not upload: 403', async () => {
    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/errors'))).statusCode).toBe(200);
    expect((await upload({ release: '2.4.0', fileUrl: FILE, map: built.map }, viewer.jwt)).statusCode).toBe(403);
  });

  it('stores the build’s map, recorded in the audit trail, and the stack then resolves to the original line, column and code', async () => {
    const res = await upload({ release: '2.4.0', fileUrl: FILE, map: built.map });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ release: '2.4.0', fileUrl: FILE, bytes: Buffer.byteLength(built.map) });
    const audit = await auditRowsOf(t, owner.user.tenantId);
    expect(audit.filter((r) => r.action === 'Source map upload' && r.status === 201).map((r) => r.instanceId)).toEqual([inst.instanceId]);

    const detail = (await api(t, owner.jwt).get(path(`/errors/${group.errorId}`))).json().data as JsErrorDetail;
    expect(detail.sourceMapped).toBe(true);
    const top = detail.frames[0]!.original!;
    expect(top).toMatchObject({ source: 'src/cart.js', line: 7 });
    expect(top.column).toBeGreaterThanOrEqual(5);
    expect(top.context.find((c) => c.current)).toEqual({ line: 7, text: '    throw new TypeError("Cart total too high: " + sum);', current: true });
    expect(top.context.map((c) => c.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('GET and DELETE …/source-maps', () => {
  it('lists the instance’s maps without their text; removing one (audited) leaves the stack unresolved again', async () => {
    const listed = (await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps as { id: string; release: string; fileUrl: string; bytes: number }[];
    expect(listed).toEqual([{ id: expect.any(String), release: '2.4.0', fileUrl: FILE, bytes: Buffer.byteLength(built.map), uploadedAt: expect.any(Number) }]);

    const viewer = await addMember(t, owner.user.tenantId, ['VIEW_INSTANCES']);
    expect((await api(t, viewer.jwt).get(path('/source-maps'))).statusCode).toBe(200);
    expect((await api(t, viewer.jwt).delete(path(`/source-maps/${listed[0]!.id}`))).statusCode).toBe(403);

    const removed = await api(t, owner.jwt).delete(path(`/source-maps/${listed[0]!.id}`));
    expect(removed.statusCode).toBe(200);
    expect((await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps).toEqual([]);
    expect((await auditRowsOf(t, owner.user.tenantId)).filter((r) => r.action === 'Source map removal' && r.status === 200)).toHaveLength(1);
    const detail = (await api(t, owner.jwt).get(path(`/errors/${group.errorId}`))).json().data as JsErrorDetail;
    expect(detail.sourceMapped).toBe(false);

    const again = await api(t, owner.jwt).delete(path(`/source-maps/${listed[0]!.id}`));
    expect(again.statusCode).toBe(404);
    expect(again.json().errors).toEqual([JS_ERROR_MESSAGES.sourceMapNotFound]);
  });

  it('answers 404 for another account’s instance or map, and for a malformed map id', async () => {
    const mine = (await upload({ release: '2.5.0', fileUrl: FILE, map: built.map })).json().data as { id: string };
    const stranger = await signup(t);
    expect((await api(t, stranger.jwt).get(path('/source-maps'))).statusCode).toBe(404);
    expect((await api(t, stranger.jwt).delete(path(`/source-maps/${mine.id}`))).statusCode).toBe(404);
    const malformed = await api(t, owner.jwt).delete(path('/source-maps/not-a-uuid'));
    expect(malformed.statusCode).toBe(404);
    expectErrorAnswerShape(malformed);
    expect((await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps).toHaveLength(1);
  });
});

describe('source maps kept by the instance', () => {
  const resolvedTop = async () => ((await api(t, owner.jwt).get(path(`/errors/${group.errorId}`))).json().data as JsErrorDetail).frames[0]!.original;

  it('the console’s error detail shows the frame the instance resolved with a map uploaded to the instance itself', async () => {
    for (const m of (await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps as { id: string }[]) {
      expect((await api(t, owner.jwt).delete(path(`/source-maps/${m.id}`))).statusCode).toBe(200);
    }
    expect(await resolvedTop()).toBeNull();
    // Through the instance's own API, as someone signed in to it (the console's one-time link).
    const { jwt } = (await api(t, owner.jwt).get(path('/jwt'))).json().data as { jwt: string };
    const login = await fetch(`http://127.0.0.1:${agentPort()}/login?token=${encodeURIComponent(jwt)}`, { redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`http://127.0.0.1:${agentPort()}${SOURCE_MAPS_PATH}?release=2.4.0&fileUrl=${encodeURIComponent(FILE)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: built.map,
    });
    expect(res.status).toBe(201);
    expect(await resolvedTop()).toMatchObject({ source: 'src/cart.js', line: 7 });
    const listed = (await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps as { id: string; release: string }[];
    expect(listed.map((m) => m.release)).toEqual(['2.4.0']);
    expect((await api(t, owner.jwt).delete(path(`/source-maps/${listed[0]!.id}`))).statusCode).toBe(200);
    expect(await resolvedTop()).toBeNull();
  });

  it('hands a map the console kept before to the instance at the next read, and keeps it no more', async () => {
    const db = t.runtime.ctx.db;
    const [site] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.instanceId, inst.instanceId), eq(projects.isDefault, true)));
    const uploadedAt = new Date(Date.UTC(2026, 0, 2));
    await db.insert(sourceMaps).values({
      id: newId(),
      tenantId: owner.user.tenantId,
      instanceId: inst.instanceId,
      projectId: site!.id,
      release: '2.4.0',
      fileUrl: FILE,
      map: built.map,
      bytes: Buffer.byteLength(built.map),
      uploadedAt,
      uploadedBy: null,
    });

    expect(await resolvedTop()).toMatchObject({ source: 'src/cart.js', line: 7 });
    expect(await db.select({ id: sourceMaps.id }).from(sourceMaps).where(eq(sourceMaps.instanceId, inst.instanceId))).toEqual([]);
    const listed = (await api(t, owner.jwt).get(path('/source-maps'))).json().data.sourceMaps as { release: string; uploadedAt: number }[];
    expect(listed.filter((m) => m.release === '2.4.0')).toEqual([expect.objectContaining({ uploadedAt: uploadedAt.getTime(), bytes: Buffer.byteLength(built.map) })]);
  });
});
