import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISK_MAX_GB, DISK_STEP_GB, HOURLY_DIGITS, HOURS_PER_MONTH, INSTANCE_SIZES, PROVIDERS, REGIONS, SIZES, formatMoney, instanceSchema, priceFor, storagePrice } from '../src/index';

const everyRegion = PROVIDERS.flatMap((provider) => REGIONS[provider].map((region) => ({ provider, region })));

const anyRegion = fc.constantFrom(...everyRegion);
const anySize = fc.constantFrom(...INSTANCE_SIZES);
const anyDisk = fc.integer({ min: 1, max: Math.floor(DISK_MAX_GB / DISK_STEP_GB) }).map((steps) => steps * DISK_STEP_GB);
/** Up to ten years of hours. */
const anyHours = fc.integer({ min: 0, max: 10 * 365 * 24 });

/*
 * An independent computation in BigInt: quotient and remainder rather than
 * the catalogue's single floor, and text built by hand rather than by Intl.
 */
function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor;
  return 2n * (numerator % divisor) >= divisor ? quotient + 1n : quotient;
}

function bigHourly(size: (typeof INSTANCE_SIZES)[number], basisPoints: number): bigint {
  return divideHalfUp(BigInt(SIZES[size].hourlyMicros) * BigInt(basisPoints), 10_000n * 1_000n) * 1_000n;
}

function bigStorageUnit(basisPoints: number): bigint {
  return divideHalfUp(600n * BigInt(basisPoints), 10_000n);
}

/** '$1,234.57' from micros: half up to `digits` decimals, trailing zeros past the second dropped. */
function bigText(micros: bigint, digits: 2 | 3): string {
  const scale = 10n ** BigInt(digits);
  const rounded = divideHalfUp(micros, 10n ** BigInt(6 - digits));
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  let fraction = (rounded % scale).toString().padStart(digits, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `$${whole}.${fraction}`;
}

describe('formatMoney', () => {
  it('shows micros as en-US dollars, two decimals, up to three for hourly prices', () => {
    expect(formatMoney(276_000, HOURLY_DIGITS)).toBe('$0.276');
    expect(formatMoney(280_000, HOURLY_DIGITS)).toBe('$0.28');
    expect(formatMoney(198_720_000)).toBe('$198.72');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1_234_567_890_000)).toBe('$1,234,567.89');
  });

  it('rounds half away from zero on the integer, not on a binary fraction', () => {
    expect(formatMoney(1_005_000)).toBe('$1.01');
    // Near 2^53 µ$ a double no longer tells 4,999 µ$ from 5,000 µ$: 9,000,000,000.004999 $ divided out as a float shows $…0.01.
    expect(formatMoney(9_000_000_000_004_999)).toBe('$9,000,000,000.00');
    expect(formatMoney(1_004_999)).toBe('$1.00');
    expect(formatMoney(5_000)).toBe('$0.01');
    expect(formatMoney(-1_005_000)).toBe('-$1.01');
  });

  it('formats every safe integer of micros exactly as the BigInt text', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.constantFrom(2 as const, 3 as const), (micros, digits) => {
        expect(formatMoney(micros, digits)).toBe(bigText(BigInt(micros), digits));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses an amount that is not an integer of micros', () => {
    expect(() => formatMoney(0.276)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53)).toThrow(RangeError);
  });
});

describe('prices are integer micros end to end', () => {
  it('every computation is integer and equals an independent BigInt computation, and every display its formatting', () => {
    fc.assert(
      fc.property(anyRegion, anySize, anyDisk, anyHours, ({ provider, region }, size, gb, hours) => {
        const price = priceFor(provider, region.code, size);
        const disk = storagePrice(provider, region.code, gb);
        // The wire carries exactly these numbers, and its schema only lets integers through.
        for (const amount of [price.hourlyPrice, price.monthlyPrice, disk.price, disk.hourly, disk.monthly]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
        }
        expect(instanceSchema.shape.pricingDetails.safeParse(price).success).toBe(true);
        expect(instanceSchema.shape.storagePrice.safeParse(disk).success).toBe(true);

        const hourly = bigHourly(size, region.multiplierBasisPoints);
        const unit = bigStorageUnit(region.storageMultiplierBasisPoints);
        expect(BigInt(price.hourlyPrice)).toBe(hourly);
        expect(BigInt(price.monthlyPrice)).toBe(hourly * BigInt(HOURS_PER_MONTH));
        expect(BigInt(disk.price)).toBe(unit);
        expect(BigInt(disk.hourly)).toBe(unit * BigInt(gb));
        expect(BigInt(disk.monthly)).toBe(unit * BigInt(gb) * 24n * 30n);
        expect(BigInt(price.hourlyPrice * hours)).toBe(hourly * BigInt(hours));

        // What the create form and the details page show.
        expect(formatMoney(price.hourlyPrice, HOURLY_DIGITS)).toBe(bigText(hourly, 3));
        expect(formatMoney(price.monthlyPrice)).toBe(bigText(hourly * 720n, 2));
        expect(formatMoney(disk.monthly)).toBe(bigText(unit * BigInt(gb) * 720n, 2));
        expect(formatMoney(price.hourlyPrice * hours)).toBe(bigText(hourly * BigInt(hours), 2));
      }),
      { numRuns: 2_000 },
    );
  });
});

/*
 * The catalogue as it was before money became integers: float dollars,
 * float multipliers, toFixed rounding and Intl on the float. The figures are
 * the same table (a multiplier of 11,700 basis points was 1.17).
 */
const OLD_HOURLY_DOLLARS = { small: 0.276, medium: 0.554, large: 1.109 } as const;
const oldRound = (value: number, digits: number): number => Number(value.toFixed(digits));
const oldUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oldUsdHourly = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 3 });

describe('regression: the integer catalogue shows what the float catalogue showed', () => {
  it('the same hourly and monthly text for every provider, region and size', () => {
    for (const { provider, region } of everyRegion) {
      const multiplier = region.multiplierBasisPoints / 10_000;
      for (const size of INSTANCE_SIZES) {
        const oldHourly = oldRound(OLD_HOURLY_DOLLARS[size] * multiplier, 3);
        const oldMonthly = oldRound(oldHourly * HOURS_PER_MONTH, 2);
        const price = priceFor(provider, region.code, size);
        expect([provider, region.code, size, formatMoney(price.hourlyPrice, HOURLY_DIGITS)]).toEqual([provider, region.code, size, oldUsdHourly.format(oldHourly)]);
        expect([provider, region.code, size, formatMoney(price.monthlyPrice)]).toEqual([provider, region.code, size, oldUsd.format(oldMonthly)]);
      }
    }
  });

  it('the same storage text for every region and every disk size from 10 to 4096 GB', () => {
    for (const { provider, region } of everyRegion) {
      const oldUnit = oldRound(0.0006 * (region.storageMultiplierBasisPoints / 10_000), 6);
      for (let gb = DISK_STEP_GB; gb <= DISK_MAX_GB; gb += DISK_STEP_GB) {
        const shown = formatMoney(storagePrice(provider, region.code, gb).monthly);
        expect([provider, region.code, gb, shown]).toEqual([provider, region.code, gb, oldUsd.format(oldRound(gb * oldUnit * HOURS_PER_MONTH, 2))]);
      }
    }
  });
});
