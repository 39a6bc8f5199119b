import { describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES } from '@replay/contracts';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal } from './harness';

const PATH = '/api/billing/budget';
const status = (over: Record<string, unknown> = {}) => ({
  budget: { amount: 500_000_000, thresholds: [50, 75, 100], hardStop: true, updatedAt: 0 },
  currency: 'USD',
  periodStart: Date.UTC(2026, 11, 1),
  periodEnd: Date.UTC(2027, 0, 1),
  spend: 300_000_000,
  percentUsed: 60,
  forecast: 620_000_000,
  forecastMethod: 'run_rate',
  crossed: [50],
  hardStopActive: false,
  ...over,
});

describe('replay billing budget', () => {
  it('shows the budget, the spend and the forecast', async () => {
    const h = harness({ routes: [on('GET', PATH, ok(status()))] });
    expect(await h.run('billing', 'budget', 'show')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('$500.00 a month');
    expect(h.stdout()).toContain('$300.00 (60 %)');
    expect(h.stdout()).toContain('$620.00');
    expect(h.stdout()).toContain('50 %, 75 %, 100 %');
  });

  it('says when no budget is set, and prints one JSON document with --json', async () => {
    const h = harness({ routes: [on('GET', PATH, ok(status({ budget: null, percentUsed: null, crossed: [] })))] });
    expect(await h.run('billing', 'budget', 'show')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('No budget set');
    const j = harness({ routes: [on('GET', PATH, ok(status()))] });
    expect(await j.run('billing', 'budget', 'show', '--json')).toBe(EXIT.ok);
    expect(JSON.parse(j.stdout()).forecast).toBe(620_000_000);
  });

  it('sets it in µ$ with the default thresholds, or those given, and the hard stop', async () => {
    const h = harness({ routes: [on('PUT', PATH, ok(status()))] });
    expect(await h.run('billing', 'budget', 'set', '--amount', '500')).toBe(EXIT.ok);
    expect(h.calls[0]?.body).toEqual({ amount: 500_000_000, thresholds: [50, 75, 100], hardStop: false });
    expect(await h.run('billing', 'budget', 'set', '--amount', '1250.5', '--thresholds', '80, 100', '--hard-stop')).toBe(EXIT.ok);
    expect(h.calls[1]?.body).toEqual({ amount: 1_250_500_000, thresholds: [80, 100], hardStop: true });
  });

  it('refuses a malformed amount or threshold before sending, and passes on the console’s refusal', async () => {
    const h = harness({ routes: [on('PUT', PATH, refusal(400, BUDGET_MESSAGES.thresholdsOrder, 'validation_failed'))] });
    expect(await h.run('billing', 'budget', 'set', '--amount', '12.345')).toBe(EXIT.usage);
    expect(await h.run('billing', 'budget', 'set', '--amount', '10', '--thresholds', '50,x')).toBe(EXIT.usage);
    expect(h.calls).toHaveLength(0);
    expect(await h.run('billing', 'budget', 'set', '--amount', '10', '--thresholds', '75,50')).toBe(EXIT.usage);
    expect(h.stderr()).toContain(BUDGET_MESSAGES.thresholdsOrder);
  });

  it('removes only with --yes', async () => {
    const h = harness({ routes: [on('DELETE', PATH, ok(status({ budget: null })))] });
    expect(await h.run('billing', 'budget', 'remove')).toBe(EXIT.usage);
    expect(h.calls).toHaveLength(0);
    expect(await h.run('billing', 'budget', 'remove', '--yes')).toBe(EXIT.ok);
    expect(h.stdout()).toContain('Budget removed.');
  });
});
