import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_FIREFOX, IPHONE_SAFARI, visit } from './fixtures/rrweb-session.ts';
import { agentForTests, consoleToken, type RunningAgent } from './support.ts';

let agent: RunningAgent;
agentForTests((started) => (agent = started));
let cookie = '';
const today = () => new Date().toISOString().slice(0, 10);
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

async function send(sessionId: string, events: unknown[], extra: Record<string, unknown> = {}, userAgent = DESKTOP_FIREFOX): Promise<number> {
  const res = await fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}`, 'User-Agent': userAgent },
    body: JSON.stringify({ sessionId, events, ...extra }),
  });
  return res.status;
}

const get = (path: string, withCookie = true) => fetch(`${agent.url}${path}`, { headers: withCookie ? { Cookie: cookie } : {} });
const ids = async (query: string) => ((await (await get(`/api/sessions?${query}`)).json()) as { sessions: { sessionId: string }[] }).sessions.map((s) => s.sessionId);

beforeAll(async () => {
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { first, second } = visit(T0);
  expect(await send('visit-1', first, { userId: 'ada@example.com', url: 'https://shop.example/' }, IPHONE_SAFARI)).toBe(202);
  expect(await send('visit-1', second, { userId: 'ada@example.com', url: 'https://shop.example/checkout' }, IPHONE_SAFARI)).toBe(202);
  // Four more: one short, one without errors, one by another user, one an hour later.
  const short = visit(T0 + 60_000).first.slice(0, 4);
  expect(await send('short', short, { userId: 'bob' })).toBe(202);
  expect(
    await send(
      'calm',
      visit(T0 + 120_000).all.filter((e) => (e as { data: { tag?: string } }).data.tag !== 'error'),
    ),
  ).toBe(202);
  expect(await send('other-user', visit(T0 + 180_000).all, { userId: 'cy' })).toBe(202);
  expect(await send('later', visit(T0 + 3_600_000).all, { url: 'https://blog.example/post' })).toBe(202);
});

describe("the instance's session API", () => {
  it("indexes a recorded visit's facts from its rrweb events, batch and User-Agent", async () => {
    const res = await get('/api/sessions/visit-1');
    expect(res.status).toBe(200);
    const file = join(agent.dataDir, 'sessions', today(), 'visit-1.jsonl');
    expect(await res.json()).toEqual({
      sessionId: 'visit-1',
      projectId: null,
      startedAt: T0,
      endedAt: T0 + 42_000,
      durationMs: 42_000,
      lastReceivedAt: expect.any(Number),
      userId: 'ada@example.com',
      metadata: {},
      firstPage: 'https://shop.example/',
      pageCount: 2,
      pages: ['https://shop.example/', 'https://shop.example/checkout'],
      clicks: 3,
      errorCount: 2,
      eventCount: 12,
      browser: 'Safari',
      device: 'mobile',
      country: null,
      bytes: statSync(file).size,
    });
  });

  it("exports a session as rrweb's own event array, exactly as recorded, as a download", async () => {
    const res = await get('/api/sessions/visit-1/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="session-visit-1.json"');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual(visit(T0).all);
    // A batch's head is in the chunk, never in the export.
    expect(readFileSync(join(agent.dataDir, 'sessions', today(), 'visit-1.jsonl'), 'utf8')).toContain('"type":"replay.batch"');
  });

  it("plays in rrweb's own Replayer, with no code of ours: the first page, then the second at its time", async () => {
    const exported = await (await get('/api/sessions/visit-1/events')).text();
    // rrweb's browser bundle, as the package ships it (UMD, CommonJS-shaped).
    const umd = readFileSync(join(dirname(fileURLToPath(import.meta.resolve('rrweb'))), 'rrweb.umd.cjs'), 'utf8');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.setContent('<div id="root"></div>');
      await page.addScriptTag({ content: `var module = { exports: {} }; var exports = module.exports;\n${umd}\nwindow.rrweb = module.exports;` });
      const played = await page.evaluate((json) => {
        const { Replayer } = (
          window as unknown as {
            rrweb: { Replayer: new (events: unknown[], options: { root: Element }) => { pause(at: number): void; iframe: HTMLIFrameElement; getMetaData(): { totalTime: number } } };
          }
        ).rrweb;
        const replayer = new Replayer(JSON.parse(json) as unknown[], { root: document.getElementById('root')! });
        const textAt = (at: number) => {
          replayer.pause(at);
          return replayer.iframe.contentDocument!.body.textContent;
        };
        return { first: textAt(5_000), second: textAt(41_000), totalTime: replayer.getMetaData().totalTime };
      }, exported);
      expect(played).toEqual({ first: 'Buy', second: 'Pay', totalTime: 42_000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('lists newest first and filters by time, duration, user, page, errors and project', async () => {
    expect(await ids('')).toEqual(['later', 'other-user', 'calm', 'short', 'visit-1']);
    expect(await ids(`from=${T0 + 60_000}&to=${T0 + 180_000}`)).toEqual(['calm', 'short']);
    expect(await ids(`from=${new Date(T0 + 3_000_000).toISOString()}`)).toEqual(['later']);
    expect(await ids('durationOp=%3C&durationSec=10')).toEqual(['short']);
    expect(await ids('durationOp=%3E&durationSec=41')).toEqual(['later', 'other-user', 'visit-1']);
    // The session settings' default, '<' 0 seconds: every duration.
    expect(await ids('durationOp=%3C&durationSec=0')).toHaveLength(5);
    expect(await ids('userId=ada%40example.com')).toEqual(['visit-1']);
    expect(await ids('page=CHECKOUT')).toEqual(['later', 'other-user', 'calm', 'visit-1']);
    expect(await ids('page=blog.example')).toEqual(['later']);
    expect(await ids('hasErrors=false')).toEqual(['calm', 'short']);
    expect(await ids('hasErrors=true&userId=cy')).toEqual(['other-user']);
    expect(await ids('projectId=')).toHaveLength(5);
    expect(await ids('projectId=p-none')).toEqual([]);
    // Text is text: a quote or a wildcard matches itself only.
    expect(await ids(`page=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    expect(await ids('page=%25')).toEqual([]);
  });

  it('pages with a cursor: every session once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/sessions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = (await res.json()) as { sessions: { sessionId: string }[]; nextCursor: string | null };
      expect(page.sessions.length).toBeLessThanOrEqual(2);
      seen.push(...page.sessions.map((s) => s.sessionId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['later', 'other-user', 'calm', 'short', 'visit-1']);
  });

  it('answers 401 without the signed-in session, and a clear 400 to a malformed or hostile query, changing nothing', async () => {
    for (const path of ['/api/sessions', '/api/sessions/visit-1', '/api/sessions/visit-1/events']) expect((await get(path, false)).status).toBe(401);
    const before = readFileSync(join(agent.dataDir, 'index.sqlite'));
    const bad: [string, string][] = [
      ['limit=0', 'limit must be 1 to 100'],
      ['limit=1e3', 'limit must be 1 to 100'],
      ['durationOp=%3C', 'durationSec must be whole seconds, 0 to 31622400, given with durationOp'],
      ['durationOp=%3D&durationSec=3', "durationOp must be '<' or '>', given with durationSec"],
      ['from=yesterday', 'from must be a time: milliseconds since 1970 or ISO 8601 (2026-01-31T12:00:00Z)'],
      ['from=2&to=1', 'from must be before to'],
      ['cursor=not-a-cursor', 'cursor must be the nextCursor of an earlier page'],
      ['meta=novalue', 'meta must be key=value, the key 1 to 100 characters'],
      ['hasErrors=yes', "hasErrors must be 'true' or 'false'"],
      ['userId=a&userId=b', 'userId may be given once'],
      [`page=${'x'.repeat(3000)}`, 'page must be 1 to 2048 characters'],
      ['sort=id;DROP TABLE sessions', 'Unknown parameter sort: use from, to, durationOp, durationSec, userId, page, hasErrors, limit, cursor, meta, projectId'],
    ];
    for (const [query, message] of bad) {
      const res = await get(`/api/sessions?${query}`);
      expect([query, res.status, await res.json()]).toEqual([query, 400, { errors: [message] }]);
    }
    expect((await get('/api/sessions/..%2Fconfig')).status).toBe(400);
    expect((await get('/api/sessions/visit-1?x=1')).status).toBe(400);
    expect((await get('/api/sessions/nobody')).status).toBe(404);
    expect((await get('/api/sessions/nobody/events')).status).toBe(404);
    expect(readFileSync(join(agent.dataDir, 'index.sqlite')).equals(before)).toBe(true);
    expect(await ids('')).toHaveLength(5);
  });

  it("lists the home page's recordings from the index", async () => {
    const page = await (await get('/')).text();
    expect([...page.matchAll(/data-testid="recording">([^ <]+)/g)].map((m) => m[1])).toEqual(['later', 'other-user', 'calm', 'short', 'visit-1']);
  });
});
