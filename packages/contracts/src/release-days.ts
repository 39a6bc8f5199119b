import { findRegion, type Provider } from './catalogue';
import { DAY_MS } from './constants';

/**
 * Release days (spec section 9): a new console version rolls out region by
 * region over a week. The week's rollout starts on Monday at 06:00 UTC; a
 * region's weekday offset is how many days after that start its instances
 * are offered the version, always at 06:00 UTC (au first on Monday, uk and il
 * last on Sunday). See docs/decisions/instances.md.
 */
export const RELEASE_HOUR_UTC = 6;
export const RELEASE_WEEKDAY_OFFSETS = { eu: 5, us: 4, ap: 3, ca: 2, au: 0, uk: 6, me: 5, sa: 4, af: 3, il: 6 } as const;
export type ReleaseRegion = keyof typeof RELEASE_WEEKDAY_OFFSETS;
export const RELEASE_REGIONS = Object.keys(RELEASE_WEEKDAY_OFFSETS) as ReleaseRegion[];

/** Monday, as Date#getUTCDay counts (Sunday 0). */
const ROLLOUT_START_WEEKDAY = 1;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const RELEASE_REGION_NAMES: Record<ReleaseRegion, string> = {
  eu: 'Europe',
  us: 'the United States',
  ap: 'Asia Pacific',
  ca: 'Canada',
  au: 'Australia',
  uk: 'the United Kingdom',
  me: 'the Middle East',
  sa: 'South America',
  af: 'Africa',
  il: 'Israel',
};

export const isReleaseRegion = (code: string): code is ReleaseRegion => Object.hasOwn(RELEASE_WEEKDAY_OFFSETS, code);

/** The UTC weekday (Sunday 0) a region receives new versions. */
export function releaseWeekday(region: ReleaseRegion): number {
  return (ROLLOUT_START_WEEKDAY + RELEASE_WEEKDAY_OFFSETS[region]) % 7;
}

export const releaseWeekdayName = (region: ReleaseRegion): string => WEEKDAY_NAMES[releaseWeekday(region)] ?? '';

/** The next release moment (epoch ms) for a region at or after `now`: its weekday at 06:00 UTC. */
export function nextReleaseAt(region: ReleaseRegion, now: number): number {
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysAhead = (releaseWeekday(region) - today.getUTCDay() + 7) % 7;
  const candidate = midnight + daysAhead * DAY_MS + RELEASE_HOUR_UTC * 3_600_000;
  return candidate >= now ? candidate : candidate + 7 * DAY_MS;
}

/**
 * The release region of a hosting region: the country's own where the rollout
 * names one (Australia, the United Kingdom, Israel, South Africa), else the
 * catalogue's region code. Undefined for a region the catalogue does not hold.
 */
const COUNTRY_RELEASE_REGIONS: Readonly<Record<string, ReleaseRegion>> = { AU: 'au', GB: 'uk', IL: 'il', ZA: 'af' };
export function releaseRegionOf(provider: Provider, regionCode: string): ReleaseRegion | undefined {
  const region = findRegion(provider, regionCode);
  if (!region) return undefined;
  return COUNTRY_RELEASE_REGIONS[region.isoCode] ?? region.regionCode;
}
