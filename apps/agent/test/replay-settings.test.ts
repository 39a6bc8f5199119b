import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_CALLS } from '@replay/agent-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureReplayUiBuilt } from '../scripts/build-replay-ui.mjs';
import { visit } from './fixtures/rrweb-session.ts';
import { admin, agentForTests, consoleToken, sendEvents, type RunningAgent } from './support.ts';

/**
 * The session settings' display part as the console's config step pushes it (`display`): the
 * Sessions list's times, custom range and presets in its time zone, its duration filter the
 * form's default, and the replay's mouse trail and skip of inactive time following it. Before
 * any push (an older console sends none), the spec's defaults.
 */
let agent: RunningAgent;
agentForTests((started) => (agent = started));
let cookie = '';
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const CHOSEN = { timezone: 'UTC+05:45', durationFilter: { operator: '>', count: 30, unit: 'sec' }, mouseTrail: false, skipToIssue: true } as const;

const page = async (path: string): Promise<string> => {
  const res = await fetch(`${agent.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const html = await res.text();
  expect(res.status, html).toBe(200);
  return html;
};
const listed = (html: string) => [...html.matchAll(/data-session-id="([^"]+)"/g)].map((m) => m[1]!);
const applyDisplay = (display: unknown) => admin(agent, ADMIN_CALLS.applyConfig.path, { display });

beforeAll(async () => {
  await ensureReplayUiBuilt();
  const signIn = await fetch(`${agent.url}/login?token=${consoleToken(agent, 'login')}`, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  // 'long' lasts 42 s, 'short' 2 s.
  expect((await sendEvents(agent, 'long', visit(T0).all)).status).toBe(202);
  expect((await sendEvents(agent, 'short', visit(T0 + 60_000).first.slice(0, 4))).status).toBe(202);
});

describe('the display settings on the instance', () => {
  it("show the spec's defaults before the console sends any: UTC+00:00, every session, trail on, skip off", async () => {
    const list = await page('/sessions');
    expect(list).toContain('Times in UTC+00:00.');
    expect(list).toContain('2026-01-10 12:00:00 UTC+00:00');
    expect(listed(list)).toEqual(['short', 'long']);
    const replay = await page('/sessions/long');
    expect(replay).toContain('data-mouse-trail="true" data-skip-inactive="false"');
  });

  it('are kept in the config as the console sends them, and answered', async () => {
    const res = await applyDisplay(CHOSEN);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).display).toEqual(CHOSEN);
    expect(JSON.parse(readFileSync(join(agent.dataDir, 'config.json'), 'utf8')).display).toEqual(CHOSEN);
  });

  it("show the list's times and read its custom range in the zone, with the settings' duration filter first", async () => {
    const list = await page('/sessions');
    expect(list).toContain('Times in UTC+05:45.');
    expect(list).toContain('2026-01-10 17:45:00 UTC+05:45');
    expect(list).not.toContain('12:00:00');
    expect(list).toContain('Custom start (UTC+05:45)');
    // '>' 30 sec: the form opens on it, and the 2-second session is not listed.
    expect(list).toContain('<option value="&gt;" selected>');
    expect(list).toContain('name="count" inputmode="numeric" size="5" aria-label="Duration count" value="30"');
    expect(listed(list)).toEqual(['long']);
    // A custom start is the zone's wall clock: 17:45 there is 12:00 UTC.
    expect(listed(await page('/sessions?range=custom&from=2026-01-10T17:45&to=2026-01-10T17:46&count=0'))).toEqual(['long']);
    expect(listed(await page('/sessions?range=custom&from=2026-01-10T12:00&to=2026-01-10T12:01&count=0'))).toEqual([]);
  });

  it("give the player the settings' mouse trail and skip of inactive time, and show its start in the zone", async () => {
    const replay = await page('/sessions/long');
    expect(replay).toContain('data-mouse-trail="false" data-skip-inactive="true"');
    expect(replay).toContain('2026-01-10 17:45:00 UTC+05:45');
    expect((await applyDisplay({ ...CHOSEN, mouseTrail: true, skipToIssue: false })).status).toBe(200);
    expect(await page('/sessions/long')).toContain('data-mouse-trail="true" data-skip-inactive="false"');
  });

  it('refuse display settings out of shape with 400 and the reason, keeping the last ones', async () => {
    const before = await page('/sessions');
    const cases: [unknown, string][] = [
      [{ ...CHOSEN, timezone: 'UTC+13:00' }, 'display.timezone must be UTC-12:00 to UTC+12:00'],
      [{ ...CHOSEN, timezone: 'Europe/Paris' }, 'display.timezone must be UTC-12:00 to UTC+12:00'],
      [{ ...CHOSEN, mouseTrail: 'yes' }, 'display.mouseTrail must be true or false'],
      [{ ...CHOSEN, durationFilter: { operator: '=', count: 1, unit: 'sec' } }, 'display.durationFilter must be'],
      [{ ...CHOSEN, shownTimezone: 'user' }, 'display must be { timezone, durationFilter, mouseTrail, skipToIssue }'],
      [{ ...CHOSEN, durationFilter: { operator: '<', count: -1, unit: 'sec' } }, 'display.durationFilter must be'],
      [{ timezone: 'UTC+01:00' }, 'display.durationFilter must be'],
    ];
    for (const [display, reason] of cases) {
      const res = await applyDisplay(display);
      expect(res.status, JSON.stringify(display)).toBe(400);
      expect((await res.json()).errors[0]).toContain(reason);
    }
    expect(await page('/sessions')).toBe(before);
  });
});
