import { describe, expect, it } from 'vitest';
import { DISK_MESSAGES, cleanupBodySchema, diskAlertOf, diskFullForecastDays, diskUpgradeBodySchema, diskUpgradeProblem, diskUpgradeQuote, storagePrice } from '../../src';

describe('disk upgrade rule', () => {
  it('accepts only a larger size, a multiple of 10, up to 4096', () => {
    expect(diskUpgradeProblem(120, 130)).toBeNull();
    expect(diskUpgradeProblem(120, 4090)).toBeNull();
    expect(diskUpgradeProblem(120, 120)).toBe(DISK_MESSAGES.notLarger(120));
    expect(diskUpgradeProblem(240, 130)).toBe(DISK_MESSAGES.notLarger(240));
    expect(diskUpgradeProblem(120, 125)).toBe(DISK_MESSAGES.diskSize);
    expect(diskUpgradeProblem(120, 4100)).toBe(DISK_MESSAGES.diskSize);
    expect(diskUpgradeProblem(120, 130.5)).toBe(DISK_MESSAGES.diskSize);
  });

  it('has a body schema that says the same', () => {
    expect(diskUpgradeBodySchema.safeParse({ diskSize: 130 }).success).toBe(true);
    for (const diskSize of [125, 4100, 0, -10, 1e400, '130', null]) expect(diskUpgradeBodySchema.safeParse({ diskSize }).success, String(diskSize)).toBe(false);
  });

  it('quotes the monthly disk cost as new GB × unit price × 24 × 30, in integer micro-dollars', () => {
    const unit = storagePrice('aws', 'us-east-1', 1).price;
    const quote = diskUpgradeQuote('aws', 'us-east-1', 120, 200);
    expect(quote).toEqual({ monthly: 200 * unit * 24 * 30, currentMonthly: 120 * unit * 24 * 30, difference: 80 * unit * 24 * 30, hourlyDifference: 80 * unit });
    expect(Number.isSafeInteger(quote.monthly)).toBe(true);
    // A dearer region costs more for the same disk.
    expect(diskUpgradeQuote('aws', 'sa-east-1', 120, 200).monthly).toBeGreaterThan(quote.monthly);
  });
});

describe('cleanup body', () => {
  it('takes 1, 3, 7, 14 or 30 days, 7 unless said', () => {
    expect(cleanupBodySchema.parse({})).toEqual({ days: 7 });
    for (const days of [1, 3, 7, 14, 30]) expect(cleanupBodySchema.parse({ days })).toEqual({ days });
    for (const days of [2, 0, 31, 7.5, '7']) expect(cleanupBodySchema.safeParse({ days }).success, String(days)).toBe(false);
  });
});

describe('disk alerts', () => {
  it('warns from 80 % and is critical from 99 %', () => {
    expect(diskAlertOf(null)).toBeNull();
    expect(diskAlertOf(79.99)).toBeNull();
    expect(diskAlertOf(80)).toBe('warning');
    expect(diskAlertOf(98.99)).toBe('warning');
    expect(diskAlertOf(99)).toBe('critical');
    expect(diskAlertOf(120)).toBe('critical');
  });
});

describe('full-disk forecast', () => {
  const HOUR = 3600;
  const series = (hours: number, at: (h: number) => number) => Array.from({ length: hours + 1 }, (_, h) => [1_767_225_600 + h * HOUR, at(h)] as const);

  it('extends a steady climb to 100 %: 1 % a day from 50 % is 50 days', () => {
    expect(diskFullForecastDays(series(48, (h) => 48 + h / 24))).toBe(50);
  });

  it('rounds up, so something 18 hours away is about 1 day', () => {
    expect(diskFullForecastDays(series(12, (h) => 70 + h))).toBe(1);
  });

  it('says nothing without enough history, for a flat or shrinking disk, or beyond a year', () => {
    expect(diskFullForecastDays([])).toBeNull();
    expect(diskFullForecastDays(series(3, (h) => 50 + h))).toBeNull();
    expect(diskFullForecastDays(series(24, () => 50))).toBeNull();
    expect(diskFullForecastDays(series(24, (h) => 90 - h))).toBeNull();
    expect(diskFullForecastDays(series(24, (h) => 10 + h * 0.001))).toBeNull();
  });

  it('answers 0 when the disk is full already', () => {
    expect(diskFullForecastDays(series(12, (h) => 88 + h))).toBe(0);
  });

  it('reads through noise', () => {
    const noisy = series(72, (h) => 40 + h / 12 + (h % 2 ? 0.5 : -0.5));
    // 2 % a day from about 46 %: 27 days, give or take the noise's pull on the line.
    const days = diskFullForecastDays(noisy)!;
    expect(days).toBeGreaterThanOrEqual(27);
    expect(days).toBeLessThanOrEqual(28);
  });
});
