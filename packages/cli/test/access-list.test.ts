import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const ID = 'ins_1';
const PATH = `/api/managed-saas/instances/${ID}/access-list`;
const KEY = { REPLAY_API_KEY: 'rpl_test_key', REPLAY_URL: 'http://console.test' };
const list = (entries: { address: string; comment: string }[], pending = false) => ({ entries, pending, updatedAt: null, yourAddress: '198.51.100.7' });

describe('replay access-list', () => {
  it('shows the list, or says the instance is open', async () => {
    const h = harness({ env: KEY, routes: [on('GET', PATH, ok(list([{ address: '203.0.113.0/24', comment: 'Office' }])))] });
    expect(await h.run('access-list', 'show', ID)).toBe(EXIT.ok);
    expect(h.stdout()).toMatch(/203\.0\.113\.0\/24\s+│ Office/);
    const open = harness({ env: KEY, routes: [on('GET', PATH, ok(list([])))] });
    expect(await open.run('access-list', 'show', ID)).toBe(EXIT.ok);
    expect(open.stdout()).toContain('Open to every address.');
  });

  it('sets the whole list from ADDRESS=COMMENT arguments, and says while it is being applied', async () => {
    const h = harness({
      env: KEY,
      routes: [
        on(
          'POST',
          PATH,
          ok(
            list(
              [
                { address: '203.0.113.0/24', comment: 'Office' },
                { address: '2001:db8::/32', comment: '' },
              ],
              true,
            ),
          ),
        ),
      ],
    });
    expect(await h.run('access-list', 'set', ID, '203.0.113.0/24=Office', '2001:db8::/32')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ entries: [{ address: '203.0.113.0/24', comment: 'Office' }, { address: '2001:db8::/32' }] });
    expect(h.stdout()).toContain('Being applied to the instance.');
  });

  it('empties the list only with --open, and refuses --open with addresses', async () => {
    const none = harness({ env: KEY });
    expect(await none.run('access-list', 'set', ID)).toBe(EXIT.usage);
    expect(none.calls).toHaveLength(0);
    const both = harness({ env: KEY });
    expect(await both.run('access-list', 'set', ID, '203.0.113.7', '--open')).toBe(EXIT.usage);
    const open = harness({ env: KEY, routes: [on('POST', PATH, ok(list([], true)))] });
    expect(await open.run('access-list', 'set', ID, '--open')).toBe(EXIT.ok);
    expect(open.calls[0]?.body).toEqual({ entries: [] });
  });

  it('prints the console’s reason for a refused list, and the tester’s answer', async () => {
    const bad = harness({ env: KEY, routes: [on('POST', PATH, refusal(400, 'intranet is not an IP address or CIDR range.'))] });
    expect(await bad.run('access-list', 'set', ID, 'intranet')).not.toBe(EXIT.ok);
    expect(bad.stderr()).toContain('intranet is not an IP address or CIDR range.');
    const reason = 'Allowed: 203.0.113.9 is within 203.0.113.0/24, so it reaches the instance.';
    const h = harness({ env: KEY, routes: [on('POST', `/api/managed-saas/instances/${ID}/access-check`, ok({ address: '203.0.113.9', allowed: true, matched: '203.0.113.0/24', reason }))] });
    expect(await h.run('access-list', 'check', ID, '203.0.113.9')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ address: '203.0.113.9' });
    expect(h.stdout()).toContain(reason);
  });
});
