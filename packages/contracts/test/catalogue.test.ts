import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROVIDER,
  DEFAULT_REGION,
  DEFAULT_SIZE,
  HOURS_PER_MONTH,
  INSTANCE_SIZES,
  INSTANCE_STATUSES,
  LATEST_VERSION,
  PROVIDERS,
  PROVIDER_LABELS,
  REGIONS,
  REGION_CODES,
  REGION_GROUPS,
  SIZES,
  VERSIONS,
  compareVersions,
  findRegion,
  instanceStatusSchema,
  priceFor,
  providerSchema,
  regionsGrouped,
  storagePrice,
} from '../src/index';

const everyRegion = PROVIDERS.flatMap((provider) => REGIONS[provider].map((region) => ({ provider, region })));

describe('pricing catalogue', () => {
  it('has the spec sizes, with disks doubling from 120 GB', () => {
    expect(SIZES.small).toMatchObject({ code: 'O1', vcpu: 2, memoryGb: 8, diskGb: 120, hourlyMicros: 276_000 });
    expect(SIZES.medium).toMatchObject({ code: 'O2', vcpu: 4, memoryGb: 16, diskGb: 240, hourlyMicros: 554_000 });
    expect(SIZES.large).toMatchObject({ code: 'O3', vcpu: 8, memoryGb: 32, diskGb: 480, hourlyMicros: 1_109_000 });
    expect(DEFAULT_SIZE).toBe('small');
    expect(DEFAULT_PROVIDER).toBe('aws');
    expect(HOURS_PER_MONTH).toBe(720);
  });

  it('names the three providers and gives each a non-empty list of unique region codes', () => {
    expect(PROVIDER_LABELS).toEqual({ aws: 'Amazon Web Services', azure: 'Azure', gcp: 'Google Cloud' });
    for (const provider of PROVIDERS) {
      const codes = REGIONS[provider].map((r) => r.code);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes).size).toBe(codes.length);
      expect(findRegion(provider, DEFAULT_REGION[provider])).toBeDefined();
    }
    expect(findRegion('aws', 'us-east-1')?.label).toBe('US East (N. Virginia)');
  });

  it.each(everyRegion)('$provider $region.code has a valid group, codes and prices in range', ({ provider, region }) => {
    expect(REGION_GROUPS).toContain(region.group);
    expect(REGION_CODES).toContain(region.regionCode);
    expect(region.isoCode).toMatch(/^[A-Z]{2}$/);
    expect(Number.isInteger(region.multiplierBasisPoints)).toBe(true);
    expect(Number.isInteger(region.storageMicrosPerGbHour)).toBe(true);
    expect(region.storageMicrosPerGbHour).toBeGreaterThanOrEqual(560);
    expect(region.storageMicrosPerGbHour).toBeLessThanOrEqual(1_000);
    for (const size of INSTANCE_SIZES) {
      expect(region.planIds[size]).toBe(`${provider}-${region.code}-${SIZES[size].code}`);
      const { hourlyPrice, monthlyPrice } = priceFor(provider, region.code, size);
      expect(hourlyPrice).toBeGreaterThanOrEqual(250_000);
      expect(hourlyPrice).toBeLessThanOrEqual(2_100_000);
      // Set to a tenth of a cent, so the 720-hour month is whole cents.
      expect(hourlyPrice % 1_000).toBe(0);
      expect(monthlyPrice).toBe(hourlyPrice * HOURS_PER_MONTH);
      expect(monthlyPrice % 10_000).toBe(0);
    }
  });

  it("spans the spec's regional range: about 0.25–2.1/h for an instance, 0.00056–0.001 per GB-hour of disk", () => {
    const hourly = everyRegion.flatMap(({ provider, region }) => INSTANCE_SIZES.map((size) => priceFor(provider, region.code, size).hourlyPrice));
    const storage = everyRegion.map(({ region }) => region.storageMicrosPerGbHour);
    // 'About': the cheapest within 5 % of 0.25 $, the dearest within 5 % of 2.1 $.
    expect(Math.min(...hourly)).toBeLessThanOrEqual(262_500);
    expect(Math.max(...hourly)).toBeGreaterThanOrEqual(1_995_000);
    expect(Math.min(...storage)).toBeLessThanOrEqual(588);
    expect(Math.max(...storage)).toBeGreaterThanOrEqual(950);
    expect(priceFor('azure', 'brazilsoutheast', 'large').hourlyPrice).toBe(2_096_000);
    expect(storagePrice('azure', 'brazilsoutheast', 1).price).toBe(996);
  });

  it('prices the base region at the catalogue figures', () => {
    expect(priceFor('aws', 'us-east-1', 'small')).toEqual({ hourlyPrice: 276_000, monthlyPrice: 198_720_000 });
    expect(priceFor('aws', 'us-east-1', 'large')).toEqual({ hourlyPrice: 1_109_000, monthlyPrice: 798_480_000 });
    // 0.276 $ × 1.17 = 0.32292 $, set to a tenth of a cent: 0.323 $.
    expect(priceFor('aws', 'us-west-1', 'small')).toEqual({ hourlyPrice: 323_000, monthlyPrice: 232_560_000 });
    expect(() => priceFor('aws', 'eastus', 'small')).toThrow(/Unknown region/);
  });

  it('gives every caller its own price objects', () => {
    const first = priceFor('gcp', 'europe-west1', 'medium');
    first.hourlyPrice = 0;
    storagePrice('gcp', 'europe-west1', 240).monthly = 0;
    expect(priceFor('gcp', 'europe-west1', 'medium').hourlyPrice).toBeGreaterThan(0);
    expect(storagePrice('gcp', 'europe-west1', 240).monthly).toBeGreaterThan(0);
    expect(storagePrice('gcp', 'europe-west1', 480).monthly).toBeGreaterThan(storagePrice('gcp', 'europe-west1', 240).monthly);
  });

  it('prices storage per GB-hour, monthly = GB × unit × 24 × 30', () => {
    // 0.0006 $ × 1.11 = 666 µ$ per GB-hour.
    expect(storagePrice('aws', 'eu-west-1', 250)).toEqual({ price: 666, hourly: 166_500, monthly: 119_880_000 });
    expect(storagePrice('aws', 'us-east-1', 120)).toEqual({ price: 600, hourly: 72_000, monthly: 51_840_000 });
  });

  it('groups regions in the spec order and leaves out empty groups', () => {
    const aws = regionsGrouped('aws');
    expect(aws[0]?.group).toBe('US East');
    expect(aws.map((g) => g.group)).not.toContain('US Central');
    expect(regionsGrouped('gcp').map((g) => g.group)).toContain('US Central');
    for (const provider of PROVIDERS) {
      const grouped = regionsGrouped(provider).flatMap((g) => g.items.map((i) => i.value));
      expect(grouped.sort()).toEqual(REGIONS[provider].map((r) => r.code).sort());
    }
  });

  it('lists statuses, providers and versions the schemas accept', () => {
    expect(INSTANCE_STATUSES[0]).toBe('creating');
    expect(instanceStatusSchema.safeParse('version-upgrading').success).toBe(true);
    expect(instanceStatusSchema.safeParse('paused').success).toBe(false);
    expect(providerSchema.safeParse('gcp').success).toBe(true);
    expect(LATEST_VERSION).toBe(VERSIONS[VERSIONS.length - 1]);
    expect([...VERSIONS].sort(compareVersions)).toEqual([...VERSIONS]);
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0);
  });
});
