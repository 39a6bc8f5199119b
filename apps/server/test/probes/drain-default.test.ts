import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POOLED_DRAIN_DELAY_SECONDS, parseEnv } from '../../src/config/env';

/**
 * Issue 42, point 21: a console on PostgreSQL may be one of several behind a balancer, which sends
 * it requests until its check sees /readyz fail; a drain delay of 0 closed the listener under them
 * (the documented HAProxy set-up's rolling restart failed requests). The default is now safe there
 * (e2e/load-balancer.test.ts's rolling restart runs on it), and 0 alone on the embedded database.
 */
const POSTGRES = { DATABASE_URL: 'postgres://console@db.internal:5432/console' };
const drainOf = (env: Record<string, string>) => parseEnv(env).SHUTDOWN_DRAIN_DELAY_SECONDS;

/** Seconds the shipped HAProxy example takes, at most, to take a console out once /readyz fails. */
function exampleTakesOutWithin(): number {
  const config = readFileSync(new URL('../../../../deploy/haproxy/haproxy.cfg', import.meta.url), 'utf8');
  const line = /^\s*default-server .*$/m.exec(config)?.[0] ?? '';
  const seconds = (name: string) => {
    const m = new RegExp(`\\b${name} (\\d+)(ms|s)\\b`).exec(line);
    if (!m) throw new Error(`haproxy.cfg's default-server has no ${name}`);
    return Number(m[1]) / (m[2] === 'ms' ? 1000 : 1);
  };
  const fall = Number(/\bfall (\d+)\b/.exec(line)?.[1]);
  // The first failed check comes within `inter`; each further one of the `fall` within `fastinter`.
  return seconds('inter') + seconds('fastinter') * (fall - 1);
}

describe('SHUTDOWN_DRAIN_DELAY_SECONDS', () => {
  it('defaults to a few seconds with DATABASE_URL, and to 0 on the embedded database', () => {
    expect(drainOf(POSTGRES)).toBe(DEFAULT_POOLED_DRAIN_DELAY_SECONDS);
    expect(DEFAULT_POOLED_DRAIN_DELAY_SECONDS).toBe(5);
    expect(drainOf({})).toBe(0);
  });

  it('the default outlasts the shipped HAProxy example’s checks with a margin, within the default grace', () => {
    expect(exampleTakesOutWithin()).toBe(1.5);
    expect(drainOf(POSTGRES)).toBeGreaterThanOrEqual(2 * exampleTakesOutWithin());
    expect(drainOf(POSTGRES)).toBeLessThan(parseEnv(POSTGRES).SHUTDOWN_GRACE_SECONDS);
  });

  it('is what the operator sets, 0 included, in either mode', () => {
    expect(drainOf({ ...POSTGRES, SHUTDOWN_DRAIN_DELAY_SECONDS: '0' })).toBe(0);
    expect(drainOf({ ...POSTGRES, SHUTDOWN_DRAIN_DELAY_SECONDS: '12' })).toBe(12);
    expect(drainOf({ SHUTDOWN_DRAIN_DELAY_SECONDS: '3' })).toBe(3);
    expect(() => parseEnv({ SHUTDOWN_DRAIN_DELAY_SECONDS: '61' })).toThrow(/SHUTDOWN_DRAIN_DELAY_SECONDS/);
  });
});
