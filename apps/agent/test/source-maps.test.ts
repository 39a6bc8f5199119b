import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CALLS, SOURCE_MAPS_PATH, SOURCE_MAP_MAX_BYTES, type ErrorDetail, type SourceMapInfo } from '@replay/agent-protocol';
import { JS_ERROR_MESSAGES } from '@replay/contracts/js-error-messages';
import { FILE, THROWING_LINE, built, minifiedErrorEvent } from './fixtures/minified-error.ts';
import { admin, agentForTests, consoleToken, type RunningAgent } from './support.ts';

/**
 * Source maps kept by the instance (source-maps/ of its data folder), uploaded through its own
 * API by someone signed in to it or with the console's admin token (never the project key), or
 * by the console's admin call; the instance resolves its errors' frames with them.
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));
let cookie = '';
let errorId = '';

const upload = (body: string, headers: Record<string, string>, query = `release=2.4.0&fileUrl=${encodeURIComponent(FILE)}`) =>
  fetch(`${agent.url}${SOURCE_MAPS_PATH}?${query}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
const stored = () => (existsSync(join(agent.dataDir, 'source-maps')) ? readdirSync(join(agent.dataDir, 'source-maps')) : []);
const detail = async (projectIds?: (string | null)[]) => (await (await admin(agent, ADMIN_CALLS.error.path, { errorId, projectIds })).json()) as NonNullable<ErrorDetail>;

beforeAll(async () => {
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const res = await fetch(`${agent.url}/api/errors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify(minifiedErrorEvent('visit-1')),
  });
  expect(res.status).toBe(202);
  errorId = ((await res.json()) as { errorId: string }).errorId;
});

describe("the instance's source-map API", () => {
  it('refuses a stranger, the project key and a login token: 401, storing nothing', async () => {
    const tries: Record<string, string>[] = [{}, { Authorization: `Bearer ${agent.projectKey}` }, { Authorization: `Bearer ${consoleToken(agent, 'login')}` }];
    for (const headers of tries) {
      const res = await upload(built.map, headers);
      expect(res.status).toBe(401);
    }
    expect((await fetch(`${agent.url}${SOURCE_MAPS_PATH}`)).status).toBe(401);
    expect(stored()).toEqual([]);
  });

  it("takes JSON only: a form's or a plain-text post is 415, storing nothing", async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect((await upload(built.map, { Cookie: cookie, 'Content-Type': type })).status, type).toBe(415);
    }
    expect(stored()).toEqual([]);
  });

  it('refuses what is not a source map v3 (400, the console’s words) and a bad where (400), storing nothing', async () => {
    const v2 = JSON.stringify({ ...JSON.parse(built.map), version: 2 });
    for (const body of ['not json', v2, '{"version":3}']) {
      const res = await upload(body, { Cookie: cookie });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { errors: string[] }).errors).toEqual([JS_ERROR_MESSAGES.notSourceMap]);
    }
    for (const query of ['fileUrl=https://x.example/a.js', 'release=1&fileUrl=file:///etc/passwd', `release=1&fileUrl=${encodeURIComponent(FILE)}&token=x`]) {
      expect((await upload(built.map, { Cookie: cookie }, query)).status, query).toBe(400);
    }
    expect(stored()).toEqual([]);
  });

  it('refuses a map over the size limit with 413 before reading it, storing nothing', async () => {
    const res = await upload(`{"version":3,"sources":[],"mappings":"${'A'.repeat(SOURCE_MAP_MAX_BYTES)}"}`, { Cookie: cookie });
    expect(res.status).toBe(413);
    expect(stored()).toEqual([]);
  });

  it('resolves no frame before a map is uploaded', async () => {
    const { latest } = await detail();
    expect(latest.frames[0]).toMatchObject({ file: FILE, line: 1, original: null });
  });

  it('keeps a signed-in person’s map in the data folder, and the error’s top frame then resolves to the original line and code', async () => {
    const res = await upload(built.map, { Cookie: cookie });
    expect(res.status).toBe(201);
    const info = (await res.json()) as SourceMapInfo;
    expect(info).toMatchObject({ projectId: null, release: '2.4.0', fileUrl: FILE, bytes: Buffer.byteLength(built.map) });
    expect(readFileSync(join(agent.dataDir, 'source-maps', `${info.id}.map`), 'utf8')).toBe(built.map);

    const top = (await detail()).latest.frames[0]!.original!;
    expect(top).toMatchObject({ source: 'src/cart.js', line: THROWING_LINE });
    expect(top.context.find((c) => c.current)).toEqual({ line: THROWING_LINE, text: '    throw new TypeError("Cart total too high: " + sum);', current: true });
    expect(top.context.map((c) => c.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('goes into the instance’s backups with the rest of its data folder', async () => {
    const [info] = ((await (await fetch(`${agent.url}${SOURCE_MAPS_PATH}`, { headers: { Cookie: cookie } })).json()) as { sourceMaps: SourceMapInfo[] }).sourceMaps;
    expect((await admin(agent, ADMIN_CALLS.backup.path, { name: 'with-maps' })).status).toBe(200);
    expect(readFileSync(join(agent.dataDir, '..', 'backups', 'with-maps', 'data', 'source-maps', `${info!.id}.map`), 'utf8')).toBe(built.map);
  });

  it('takes the console’s admin token too; the same project, release and file replaces the map rather than adding one', async () => {
    const res = await upload(built.map, { Authorization: `Bearer ${consoleToken(agent, 'admin')}` });
    expect(res.status).toBe(201);
    const list = await fetch(`${agent.url}${SOURCE_MAPS_PATH}`, { headers: { Cookie: cookie } });
    expect(((await list.json()) as { sourceMaps: SourceMapInfo[] }).sourceMaps).toHaveLength(1);
  });
});

describe("the console's source-map calls", () => {
  it('a project the instance does not know takes no map through the instance’s own API: 400', async () => {
    const res = await upload(built.map, { Cookie: cookie }, `release=2.4.0&fileUrl=${encodeURIComponent(FILE)}&projectId=p-unknown`);
    expect(res.status).toBe(400);
  });

  it('upload under a project, list and delete by project: another project’s map is neither listed nor removed', async () => {
    const call = await admin(agent, ADMIN_CALLS.uploadSourceMap.path, { projectId: 'p-shop', release: '2.4.0', fileUrl: FILE, map: built.map, uploadedAt: 1_000 });
    expect(call.status).toBe(200);
    const info = (await call.json()) as SourceMapInfo;
    expect(info).toMatchObject({ projectId: 'p-shop', uploadedAt: 1_000 });

    const listOf = async (projectIds: (string | null)[]) => ((await (await admin(agent, ADMIN_CALLS.sourceMaps.path, { projectIds })).json()) as { sourceMaps: SourceMapInfo[] }).sourceMaps;
    expect((await listOf(['p-shop'])).map((m) => m.id)).toEqual([info.id]);
    expect((await listOf(['p-other'])).map((m) => m.id)).toEqual([]);

    const refused = await admin(agent, ADMIN_CALLS.deleteSourceMap.path, { id: info.id, projectIds: ['p-other'] });
    expect(await refused.json()).toEqual({ removed: false });
    const removed = await admin(agent, ADMIN_CALLS.deleteSourceMap.path, { id: info.id, projectIds: ['p-shop'] });
    expect(await removed.json()).toEqual({ removed: true });
    expect(await listOf(['p-shop'])).toEqual([]);
    expect(stored()).not.toContain(`${info.id}.map`);
  });

  it('removes a project’s maps once the console’s key set no longer names it, keeping the account key’s', async () => {
    const key = (projectId: string, n: number) => ({ projectId, sha256: n.toString(16).repeat(64) });
    for (const projectId of ['p-kept', 'p-deleted']) {
      expect((await admin(agent, ADMIN_CALLS.uploadSourceMap.path, { projectId, release: '3.0.0', fileUrl: FILE, map: built.map })).status).toBe(200);
    }
    expect((await admin(agent, ADMIN_CALLS.applyConfig.path, { projectKeys: [key('p-kept', 1)] })).status).toBe(200);
    const left = ((await (await admin(agent, ADMIN_CALLS.sourceMaps.path, {})).json()) as { sourceMaps: SourceMapInfo[] }).sourceMaps;
    expect(left.map((m) => m.projectId).sort()).toEqual([null, 'p-kept'].sort());
  });

  it('refuses an upload that is not a map v3 with 400 and the console’s words', async () => {
    const res = await admin(agent, ADMIN_CALLS.uploadSourceMap.path, { projectId: 'p-shop', release: '2.4.0', fileUrl: FILE, map: '{"version":3}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: string[] }).errors).toEqual([JS_ERROR_MESSAGES.notSourceMap]);
  });
});
