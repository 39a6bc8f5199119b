import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFilter } from '../src/storage/query/filters.ts';
import { listSessions, readSession } from '../src/storage/query/list.ts';
import { browserOf, deviceOf } from '../src/storage/index/user-agent.ts';
import { SessionStore } from '../src/storage/store.ts';
import { IPHONE_SAFARI, visit } from './fixtures/rrweb-session.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
  dirs.push(dir);
  return dir;
};

const AT = Date.UTC(2026, 0, 10, 12, 0, 0);
const DAY = 86_400_000;
const head = (at: number, extra: Partial<{ userId: string; metadata: Record<string, string>; projectId: string }> = {}) => ({
  at,
  projectId: null,
  userId: null,
  url: null,
  metadata: null,
  userAgent: IPHONE_SAFARI,
  ...extra,
});
const list = (store: SessionStore, query: string) => listSessions(store.db, parseFilter(new URLSearchParams(query))).sessions.map((s) => s.sessionId);

describe('the session store', () => {
  it('filters on metadata key=value, every pair holding, a later batch adding keys', async () => {
    const store = await SessionStore.open(dataDir());
    await store.append(store.prepare('pro', head(AT, { metadata: { plan: 'pro', region: 'eu' } }), visit(AT).first));
    await store.append(store.prepare('pro', head(AT + 1, { metadata: { cart: '3' } }), visit(AT).second));
    await store.append(store.prepare('free', head(AT + 2, { metadata: { plan: 'free', region: 'eu' } }), visit(AT + 5).first));
    expect(list(store, 'meta=plan%3Dpro')).toEqual(['pro']);
    expect(list(store, 'meta=region%3Deu')).toEqual(['free', 'pro']);
    expect(list(store, 'meta=region%3Deu&meta=cart%3D3')).toEqual(['pro']);
    expect(list(store, 'meta=plan%3D')).toEqual([]);
    expect(readSession(store.db, 'pro')?.metadata).toEqual({ plan: 'pro', region: 'eu', cart: '3' });
    store.close();
  });

  it("filters by project: each named one, and the account key's (no project), alone or together", async () => {
    const store = await SessionStore.open(dataDir());
    await store.append(store.prepare('shop', head(AT, { projectId: 'p-shop' }), visit(AT).first));
    await store.append(store.prepare('blog', head(AT + 1, { projectId: 'p-blog' }), visit(AT + 1).first));
    await store.append(store.prepare('account', head(AT + 2), visit(AT + 2).first));
    expect(list(store, 'projectId=p-shop')).toEqual(['shop']);
    expect(list(store, 'projectId=p-shop&projectId=p-blog')).toEqual(['blog', 'shop']);
    expect(list(store, 'projectId=')).toEqual(['account']);
    expect(list(store, 'projectId=&projectId=p-blog')).toEqual(['account', 'blog']);
    expect(list(store, '')).toEqual(['account', 'blog', 'shop']);
    store.close();
  });

  it('rebuilds the whole index from the chunks when it is gone, to the same facts', async () => {
    const dir = dataDir();
    const store = await SessionStore.open(dir);
    await store.append(store.prepare('s1', head(AT, { userId: 'ada', metadata: { plan: 'pro' } }), visit(AT).first));
    await store.append(store.prepare('s1', head(AT + DAY), visit(AT).second));
    await store.append(store.prepare('s2', head(AT + 5), visit(AT + 100).all));
    const before = listSessions(store.db, parseFilter(new URLSearchParams())).sessions;
    store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `index.sqlite${suffix}`), { force: true });
    const rebuilt = await SessionStore.open(dir);
    expect(listSessions(rebuilt.db, parseFilter(new URLSearchParams())).sessions).toEqual(before);
    expect(readSession(rebuilt.db, 's1')).toMatchObject({ pageCount: 2, clicks: 3, errorCount: 2, userId: 'ada', metadata: { plan: 'pro' } });
    rebuilt.close();
  });

  it("catches up a chunk the index lags behind (a crash between the chunk's fsync and the index's commit)", async () => {
    const dir = dataDir();
    const store = await SessionStore.open(dir);
    const first = store.prepare('lag', head(AT), visit(AT).first);
    await store.append(first);
    const second = store.prepare('lag', head(AT + 1), visit(AT).second);
    // The second batch reaches the chunk, but not the index: as if the agent died in between.
    appendFileSync(join(dir, second.ref.path), second.text);
    expect(readSession(store.db, 'lag')).toMatchObject({ eventCount: 6, clicks: 1 });
    store.close();
    const reopened = await SessionStore.open(dir);
    expect(readSession(reopened.db, 'lag')).toMatchObject({ eventCount: 12, clicks: 3, errorCount: 2, bytes: statSync(join(dir, second.ref.path)).size });
    reopened.close();
  });

  it('closes a line cut short by a crash, so the next batch is whole and indexed', async () => {
    const dir = dataDir();
    const store = await SessionStore.open(dir);
    const batch = store.prepare('torn', head(AT), visit(AT).first);
    await store.append(batch);
    // Half a batch, never acknowledged: the process died mid-write.
    appendFileSync(join(dir, batch.ref.path), '{"type":3,"timestamp":17000000');
    await store.append(store.prepare('torn', head(AT + 1), visit(AT).second));
    store.close();
    const reopened = await SessionStore.open(dir);
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `index.sqlite${suffix}`), { force: true });
    const rebuilt = await SessionStore.open(dir);
    for (const s of [reopened, rebuilt]) expect(readSession(s.db, 'torn')).toMatchObject({ eventCount: 12, clicks: 3, errorCount: 2 });
    reopened.close();
    rebuilt.close();
  });

  it("removes whole sessions by their last batch's time, freeing what it said it would, chunks and rows", async () => {
    const dir = dataDir();
    const store = await SessionStore.open(dir);
    // Began nine days ago and sent again five days ago: kept by a 7-day retention, gone with a 3-day one.
    await store.append(store.prepare('long', head(AT - 9 * DAY), visit(AT - 9 * DAY).first));
    await store.append(store.prepare('long', head(AT - 5 * DAY), visit(AT - 9 * DAY).second));
    await store.append(store.prepare('old', head(AT - 8 * DAY), visit(AT - 8 * DAY).all));
    await store.append(store.prepare('new', head(AT), visit(AT).all));
    const size = (id: string, daysAgo: number) => statSync(join(dir, 'sessions', new Date(AT - daysAgo * DAY).toISOString().slice(0, 10), `${id}.jsonl`)).size;
    const cutoffs = [AT - 7 * DAY, AT - 3 * DAY];
    const preview = await store.bytesReceivedBy(cutoffs);
    expect(preview.freed).toEqual([size('old', 8), size('old', 8) + size('long', 9) + size('long', 5)]);
    const seven = await store.removeReceivedBy(cutoffs[0]!);
    expect(seven.removedBytes).toBe(preview.freed[0]);
    expect(list(store, '')).toEqual(['new', 'long']);
    const three = await store.removeReceivedBy(cutoffs[1]!);
    expect(seven.removedBytes + three.removedBytes).toBe(preview.freed[1]);
    expect(three.removedDays).toHaveLength(2);
    expect(list(store, '')).toEqual(['new']);
    expect(store.db.prepare('SELECT count(*) AS n FROM chunks').get()).toEqual({ n: 1 });
    store.close();
  });
});

describe('browser and device from a User-Agent', () => {
  it('names the family by a tight rule: Edge and Opera before Chrome, Chrome before Safari; tablets before phones', () => {
    const cases: [string, string | null, string | null][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'desktop'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera', 'desktop'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome', 'mobile'],
      ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome', 'tablet'],
      ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'tablet'],
      [IPHONE_SAFARI, 'Safari', 'mobile'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari', 'desktop'],
      ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Other', 'bot'],
      ['', null, null],
    ];
    expect(cases.map(([ua]) => [ua, browserOf(ua), deviceOf(ua)])).toEqual(cases);
  });
});
