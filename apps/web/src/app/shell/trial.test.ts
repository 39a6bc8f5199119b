import { describe, expect, it } from 'vitest';
import { trialBannerText } from './trial';

describe('trial banner text', () => {
  it('counts the days left', () => {
    expect(trialBannerText({ isTrial: true, remainingTrial: 7, hasBillingDetails: false })).toBe('Your free trial ends in 7 days.');
    expect(trialBannerText({ isTrial: true, remainingTrial: 1, hasBillingDetails: false })).toBe('Your free trial ends in 1 day.');
  });

  it("says exactly 'Your free trial has ended.' at zero", () => {
    expect(trialBannerText({ isTrial: true, remainingTrial: 0, hasBillingDetails: false })).toBe('Your free trial has ended.');
    // Spec: trial also when remainingTrial is 0 with no billing details.
    expect(trialBannerText({ isTrial: false, remainingTrial: 0, hasBillingDetails: false })).toBe('Your free trial has ended.');
  });

  it('shows nothing for paying accounts', () => {
    expect(trialBannerText({ isTrial: false, remainingTrial: 0, hasBillingDetails: true })).toBeNull();
    expect(trialBannerText({ isTrial: false, remainingTrial: 3, hasBillingDetails: false })).toBeNull();
  });
});
