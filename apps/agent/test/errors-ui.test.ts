import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_MAPS_PATH } from '@replay/agent-protocol';
import { JS_ERROR_MESSAGES } from '@replay/contracts/js-error-messages';
import { FILE, THROWING_LINE, built, minifiedErrorEvent } from './fixtures/minified-error.ts';
import { agentForTests, consoleToken, type RunningAgent } from './support.ts';

/**
 * The instance's Errors pages over real HTTP: behind its sign-in, the list grouped and newest
 * first with counts, sessions, last seen and paging by 20, and an error's page with its facts,
 * the replay of its latest occurrence and the stack trace as FULL (frames, resolved once a map is
 * uploaded) or RAW (the browser's stack), each an address of its own.
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));
let cookie = '';
let errorId = '';

const get = (path: string, withCookie = true) => fetch(`${agent.url}${path}`, { headers: withCookie ? { Cookie: cookie } : {}, redirect: 'manual' });
const report = (body: unknown) =>
  fetch(`${agent.url}/api/errors`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.projectKey}` }, body: JSON.stringify(body) });
async function html(path: string, status = 200): Promise<string> {
  const res = await get(path);
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text;
}
const testIds = (page: string, id: string) => [...page.matchAll(new RegExp(`data-testid="${id}"[^>]*>([\\s\\S]*?)<\\/`, 'g'))].map((m) => m[1]!);

beforeAll(async () => {
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
});

describe("the instance's Errors pages", () => {
  it('send a stranger to the sign-in page', async () => {
    for (const path of ['/errors', '/errors/0123456789abcdef', '/errors?page=2']) {
      const res = await get(path, false);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/signin');
    }
  });

  it('say so when there are no errors yet, and the home page and the frame link to them', async () => {
    const page = await html('/errors');
    expect(page).toContain('data-testid="no-errors"');
    expect(page).toContain('<a href="/errors">Errors</a>');
    expect(await html('/')).toContain('data-testid="errors-link"');
  });

  it('list the groups newest first with occurrences, sessions and last seen, 20 a page', async () => {
    // Twenty older groups, written as the agent writes them (a day file of January 2026), then the cart's error, now, from two sessions.
    const old = Array.from({ length: 20 }, (_, n) => ({
      sessionId: `old-${n}`,
      name: 'Error',
      message: `Failure ${n}`,
      url: null,
      release: null,
      stack: '',
      projectId: null,
      frames: [{ file: 'https://shop.example.com/b.js', function: null, line: n + 1, column: 1 }],
      errorId: `f0000000000000${n.toString(16).padStart(2, '0')}`,
      at: Date.UTC(2026, 0, 1, 12, 0, n),
    }));
    mkdirSync(join(agent.dataDir, 'errors'), { recursive: true });
    writeFileSync(join(agent.dataDir, 'errors', '2026-01-01.jsonl'), old.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const first = await report(minifiedErrorEvent('visit-1'));
    errorId = ((await first.json()) as { errorId: string }).errorId;
    expect((await report(minifiedErrorEvent('visit-2'))).status).toBe(202);

    const ids = (page: string) => [...page.matchAll(/data-error-id="([a-f0-9]{16})"/g)].map((m) => m[1]);
    const page1 = await html('/errors');
    expect(page1).toContain('21 errors');
    expect(ids(page1)).toEqual([
      errorId,
      ...old
        .slice(1)
        .reverse()
        .map((e) => e.errorId),
    ]);
    expect(page1).toContain('href="/errors?page=2"');
    const card = page1.slice(page1.indexOf(`data-error-id="${errorId}"`), page1.indexOf('</li>'));
    expect(card).toContain('TypeError: Cart total too high: 200');
    expect(card).toContain(`${FILE}:1:`);
    expect(card).toMatch(/<dt>Occurrences<\/dt><dd>2<\/dd>/);
    expect(card).toMatch(/<dt>Sessions<\/dt><dd>2<\/dd>/);
    expect(card).toMatch(/<dt>Last seen<\/dt><dd>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\+00:00<\/dd>/);

    const page2 = await html('/errors?page=2');
    expect(ids(page2)).toEqual([old[0]!.errorId]);
    expect(page2).toContain('<dt>Last seen</dt><dd>2026-01-01 12:00:00 UTC+00:00</dd>');
    expect(page2).toContain('href="/errors?page=1"');
    expect(await html('/errors?page=3')).toContain('No more errors.');
  });

  it('refuse a bad page or view with 400, and answer 404 for an error that is not there', async () => {
    for (const path of ['/errors?page=0', '/errors?page=abc', '/errors?page=1&page=2', '/errors?sort=x', `/errors/${errorId}?view=pretty`]) {
      expect(testIds(await html(path, 400), 'page-error'), path).toHaveLength(1);
    }
    for (const path of ['/errors/0123456789abcdef', '/errors/not-an-id']) expect(testIds(await html(path, 404), 'page-error'), path).toHaveLength(1);
  });

  it('show an error’s minified frames and say source maps must be uploaded, RAW showing the browser’s stack', async () => {
    const full = await html(`/errors/${errorId}`);
    expect(full).toContain(JS_ERROR_MESSAGES.noSourceMaps);
    expect(testIds(full, 'frame-file')[0]).toBe(FILE);
    expect(testIds(full, 'frame-where')[0]).toMatch(/^1:\d+$/);
    expect(full).toMatch(/data-testid="view-full" aria-current="true"/);
    expect(full).toContain('href="/sessions/visit-2" data-testid="replay-latest"');

    const raw = await html(`/errors/${errorId}?view=raw`);
    expect(testIds(raw, 'raw-stack')[0]).toContain('TypeError: Cart total too high: 200');
    expect(raw).not.toContain('data-testid="frames"');
    expect(raw).toMatch(/data-testid="view-raw" aria-current="true"/);
  });

  it('show the frame at the original file, function, line:column and code once the map is uploaded', async () => {
    const res = await fetch(`${agent.url}${SOURCE_MAPS_PATH}?release=2.4.0&fileUrl=${encodeURIComponent(FILE)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: built.map,
    });
    expect(res.status).toBe(201);
    const full = await html(`/errors/${errorId}`);
    expect(full).not.toContain(JS_ERROR_MESSAGES.noSourceMaps);
    expect(testIds(full, 'frame-file')[0]).toBe('src/cart.js');
    // The function: the map's name for it, else the browser's.
    expect(full).toMatch(/<code><strong>[^<]+<\/strong> in <span data-testid="frame-file">src\/cart\.js<\/span>/);
    expect(testIds(full, 'frame-where')[0]).toMatch(new RegExp(`^${THROWING_LINE}:\\d+$`));
    expect(full).toContain(`<mark>&gt;    ${THROWING_LINE} |     throw new TypeError(&quot;Cart total too high: &quot; + sum);</mark>`);
  });
});
