import { describe, expect, it } from 'vitest';
import { isEnterprise, type Account } from '../src';

const plan = (type: Account['plan']['type']): Account['plan'] => ({ type, remaingSessions: null, billingSetup: type === 'paid', remainingTrialDays: 0 });

describe('account rules', () => {
  it("counts as enterprise on a paid plan or the 'ee' edition, and only then", () => {
    expect(isEnterprise({ edition: 'foss', plan: plan('paid') })).toBe(true);
    expect(isEnterprise({ edition: 'ee', plan: plan('trial') })).toBe(true);
    expect(isEnterprise({ edition: 'ee', plan: plan('paid') })).toBe(true);
    expect(isEnterprise({ edition: 'foss', plan: plan('trial') })).toBe(false);
  });
});
