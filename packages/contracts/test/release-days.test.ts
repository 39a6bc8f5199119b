import { describe, expect, it } from 'vitest';
import { RELEASE_REGIONS, RELEASE_WEEKDAY_OFFSETS, isReleaseRegion, nextReleaseAt, releaseRegionOf, releaseWeekdayName } from '../src';

/** Wednesday 2031-01-01 at 10:00 UTC. */
const WEDNESDAY_10H = Date.UTC(2031, 0, 1, 10, 0);

describe('release days', () => {
  it('holds the spec offsets, counted in days after the Monday the rollout starts', () => {
    expect(RELEASE_WEEKDAY_OFFSETS).toEqual({ eu: 5, us: 4, ap: 3, ca: 2, au: 0, uk: 6, me: 5, sa: 4, af: 3, il: 6 });
    expect(RELEASE_REGIONS.map((r) => [r, releaseWeekdayName(r)])).toEqual([
      ['eu', 'Saturday'],
      ['us', 'Friday'],
      ['ap', 'Thursday'],
      ['ca', 'Wednesday'],
      ['au', 'Monday'],
      ['uk', 'Sunday'],
      ['me', 'Saturday'],
      ['sa', 'Friday'],
      ['af', 'Thursday'],
      ['il', 'Sunday'],
    ]);
    expect(isReleaseRegion('eu')).toBe(true);
    expect(isReleaseRegion('xx')).toBe(false);
    expect(isReleaseRegion('toString')).toBe(false);
  });

  it('gives the next release at 06:00 UTC on the region’s weekday, at or after now', () => {
    expect(nextReleaseAt('us', WEDNESDAY_10H)).toBe(Date.UTC(2031, 0, 3, 6, 0));
    expect(nextReleaseAt('au', WEDNESDAY_10H)).toBe(Date.UTC(2031, 0, 6, 6, 0));
    // Wednesday is Canada's day, but 06:00 has passed: next week.
    expect(nextReleaseAt('ca', WEDNESDAY_10H)).toBe(Date.UTC(2031, 0, 8, 6, 0));
    // Before 06:00 on the day, and at 06:00 exactly, it is today.
    expect(nextReleaseAt('ca', Date.UTC(2031, 0, 1, 5, 59))).toBe(Date.UTC(2031, 0, 1, 6, 0));
    expect(nextReleaseAt('ca', Date.UTC(2031, 0, 1, 6, 0))).toBe(Date.UTC(2031, 0, 1, 6, 0));
    // Across a year's end.
    expect(nextReleaseAt('uk', Date.UTC(2030, 11, 30, 12, 0))).toBe(Date.UTC(2031, 0, 5, 6, 0));
  });

  it('maps a hosting region to its release region, countries first', () => {
    expect(releaseRegionOf('aws', 'us-east-1')).toBe('us');
    expect(releaseRegionOf('aws', 'eu-west-1')).toBe('eu');
    expect(releaseRegionOf('aws', 'eu-west-2')).toBe('uk');
    expect(releaseRegionOf('gcp', 'australia-southeast1')).toBe('au');
    expect(releaseRegionOf('gcp', 'me-west1')).toBe('il');
    expect(releaseRegionOf('azure', 'qatarcentral')).toBe('me');
    expect(releaseRegionOf('aws', 'nowhere-1')).toBeUndefined();
  });
});
