import { TRACKER_EVENT_TAGS } from '@replay/agent-protocol/plain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReplayUiBuilt } from '../scripts/build-replay-ui.mjs';
import { REPLAY_CSP } from '../src/replay-ui/replay-page.ts';
import { visit } from './fixtures/rrweb-session.ts';
import { agentForTests, consoleToken, sendEvents, type RunningAgent } from './support.ts';

/**
 * The instance's Sessions and Replay pages over real HTTP: behind the sign-in, the filters read
 * as the form sends them (range presets, duration as operator/count/unit, user, page, errors,
 * metadata), paging by ten, 400 with the reason for a bad filter, and the replay page naming its
 * bundle at a hashed, immutable address under a strict CSP.
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));
let cookie = '';
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const RECENT = Date.now() - 10 * 60_000;

const get = (path: string, withCookie = true) => fetch(`${agent.url}${path}`, { headers: withCookie ? { Cookie: cookie } : {}, redirect: 'manual' });
async function listed(query: string): Promise<string[]> {
  const res = await get(`/sessions?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return [...(await res.text()).matchAll(/data-session-id="([^"]+)"/g)].map((m) => m[1]!);
}
async function refused(query: string): Promise<string> {
  const res = await get(`/sessions?${query}`);
  const html = await res.text();
  expect(res.status, html).toBe(400);
  expect(html).not.toContain('data-session-id');
  return /data-testid="filter-error">([^<]*)</.exec(html)?.[1] ?? '';
}

beforeAll(async () => {
  await ensureReplayUiBuilt();
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { first, second } = visit(T0);
  expect(await sendEvents(agent, 'visit-1', first, {}).then(async (r) => r.status)).toBe(202);
  const tagged = await fetch(`${agent.url}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
    body: JSON.stringify({ sessionId: 'visit-1', events: second, userId: 'ada@example.com' }),
  });
  expect(tagged.status).toBe(202);
  expect((await sendEvents(agent, 'short', visit(T0 + 60_000).first.slice(0, 4))).status).toBe(202);
  const calm = visit(T0 + 120_000).all.filter((e) => (e as { data: { tag?: string } }).data.tag !== TRACKER_EVENT_TAGS.error);
  expect((await sendEvents(agent, 'calm', calm)).status).toBe(202);
  expect((await sendEvents(agent, 'recent', visit(RECENT).all)).status).toBe(202);
});

describe("the instance's session pages", () => {
  it('send a stranger to the sign-in page, and hand out no session', async () => {
    for (const path of ['/sessions', '/sessions/visit-1', '/sessions?count=abc']) {
      const res = await get(path, false);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/signin');
      expect(await res.text()).not.toContain('visit-1');
    }
  });

  it("list every session by default (the settings' '<' 0 sec), newest first, times in the settings' zone", async () => {
    const res = await get('/sessions');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect([...html.matchAll(/data-session-id="([^"]+)"/g)].map((m) => m[1])).toEqual(['recent', 'calm', 'short', 'visit-1']);
    expect(html).toContain('2026-01-10 12:00:00 UTC+00:00');
    expect(html).toContain('<option value="&lt;" selected>');
    expect(html).toContain('value="0"');
    expect(html).toContain('href="/sessions/visit-1"');
  });

  it('filter by range preset, custom range, duration, user, page, errors and metadata', async () => {
    expect(await listed('range=last30min')).toEqual(['recent']);
    expect(await listed('range=custom&from=2026-01-10T12:01&to=2026-01-10T12:03')).toEqual(['calm', 'short']);
    expect(await listed('range=custom&from=2026-01-10T12:02')).toEqual(['recent', 'calm']);
    expect(await listed('op=%3C&count=10&unit=sec')).toEqual(['short']);
    expect(await listed('op=%3E&count=41&unit=sec')).toEqual(['recent', 'visit-1']);
    expect(await listed('op=%3E&count=1&unit=min')).toEqual([]);
    expect(await listed('op=%3C&count=1&unit=min&errors=no')).toEqual(['calm', 'short']);
    expect(await listed('userId=ada%40example.com')).toEqual(['visit-1']);
    expect(await listed('page=CHECKOUT&errors=yes')).toEqual(['recent', 'visit-1']);
    // No batch here carries metadata (the tracker's batches do, from h-tracker's ingest): a pair matches none.
    expect(await listed('meta=plan%3Dfree')).toEqual([]);
    // Empty fields, as a form sends them, filter nothing.
    expect(await listed('range=any&from=&to=&op=%3C&count=&unit=sec&userId=&page=&errors=any&meta=')).toHaveLength(4);
  });

  it('find a session by its metadata: plan=pro lists the pro one, not the free one', async () => {
    const withMetadata = (sessionId: string, start: number, metadata: Record<string, string>) =>
      fetch(`${agent.url}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` },
        body: JSON.stringify({ sessionId, events: visit(start).first, metadata }),
      });
    expect((await withMetadata('on-pro', T0 + 180_000, { plan: 'pro', region: 'eu' })).status).toBe(202);
    expect((await withMetadata('on-free', T0 + 181_000, { plan: 'free', region: 'eu' })).status).toBe(202);
    expect(await listed('meta=plan%3Dpro')).toEqual(['on-pro']);
    expect(await listed('meta=plan%3Dfree')).toEqual(['on-free']);
    // Every line must match: region=eu alone lists both, beside plan=pro only the pro one.
    expect(await listed('meta=region%3Deu')).toEqual(['on-free', 'on-pro']);
    expect(await listed('meta=plan%3Dpro%0Aregion%3Deu')).toEqual(['on-pro']);
    expect(await listed('meta=plan%3Dpro%0Aregion%3Dus')).toEqual([]);
    const card = /<li data-testid="session" data-session-id="on-pro">[\s\S]*?<\/li>/.exec(await (await get('/sessions?meta=plan%3Dpro')).text())![0];
    expect(card).toContain('<dt>plan</dt><dd>pro</dd>');
  });

  it('say when nothing matches', async () => {
    const html = await (await get('/sessions?userId=nobody')).text();
    expect(html).toContain('data-testid="no-sessions"');
    expect(html).toContain('value="nobody"');
  });

  it('refuse a bad filter with 400 and the reason, keeping what was typed', async () => {
    expect(await refused('count=abc')).toContain('whole number');
    expect(await refused('op=%3D&count=5')).toContain('operator must be &lt; or &gt;');
    expect(await refused('unit=days&count=5')).toContain('unit must be sec, min or hour');
    expect(await refused('range=forever')).toContain('range must be one of the presets');
    expect(await refused('range=custom')).toContain('needs a start, an end, or both');
    expect(await refused('range=custom&from=2026-02-31T00:00')).toContain('The start must be a date and time');
    expect(await refused('range=custom&from=2026-01-02T00:00&to=2026-01-01T00:00')).toContain('from must be before to');
    expect(await refused('errors=maybe')).toContain('Has errors must be any, yes or no');
    expect(await refused('meta=novalue')).toContain('meta must be key=value');
    expect(await refused('userId=a&userId=b')).toContain('userId may be given once');
    expect(await refused('limit=5')).toContain('Unknown field limit');
    expect(await refused('cursor=bogus')).toContain('cursor must be the nextCursor');
    const html = await (await get('/sessions?count=abc&userId=kept')).text();
    expect(html).toContain('value="kept"');
  });

  it('page by ten, each page linking the next with the same filters', async () => {
    for (let i = 0; i < 11; i++) expect((await sendEvents(agent, `paged-${String(i).padStart(2, '0')}`, visit(T0 - 86_400_000 + i * 1000).first)).status).toBe(202);
    const first = await (await get('/sessions?range=custom&to=2026-01-10T00:00')).text();
    expect([...first.matchAll(/data-session-id="([^"]+)"/g)]).toHaveLength(10);
    const older = /href="\/sessions\?([^"]+)" data-testid="older"/.exec(first)![1]!.replaceAll('&amp;', '&');
    expect(older).toContain('to=2026-01-10T00%3A00');
    expect(await listed(older)).toEqual(['paged-00']);
  });
});

describe('the replay page', () => {
  it('names its bundle at hashed, immutable addresses under a strict CSP, and offers the download', async () => {
    const res = await get('/sessions/visit-1');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(REPLAY_CSP);
    expect(REPLAY_CSP).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).toContain('href="/api/sessions/visit-1/events"');
    expect(html).toContain('data-mouse-trail="true"');
    expect(html).toContain('ada@example.com');
    const js = /src="(\/replay-ui\/[0-9a-f]{16}\/player\.js)"/.exec(html)![1]!;
    const css = /href="(\/replay-ui\/[0-9a-f]{16}\/player\.css)"/.exec(html)![1]!;
    const script = await get(js, false);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get(css, false)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/replay-ui/0000000000000000/player.js', false)).status).toBe(404);
  });

  it('answers 404 for an unknown session and 400 for a bad id or a parameter', async () => {
    const missing = await get('/sessions/nope');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No session nope');
    expect((await get('/sessions/a%20b')).status).toBe(400);
    expect((await get('/sessions/%E0%A4%A')).status).toBe(400);
    expect((await get('/sessions/visit-1?x=1')).status).toBe(400);
  });
});
