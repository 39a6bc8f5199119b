import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_VERSIONS,
  CONSOLE_TRACKER_VERSION,
  CONSOLE_VERSION,
  compatibilityOf,
  VERSIONS,
  VERSION_CATALOGUE,
  VERSION_MESSAGES,
  newerVersions,
  versionUpgradeBodySchema,
  versionUpgradeProblem,
} from '../../src';

describe('versions', () => {
  it('catalogues every version an instance can run, 1.17 (tracker 12.0.0) to 1.21', () => {
    expect(VERSION_CATALOGUE.map((v) => v.version)).toEqual([...VERSIONS]);
    expect(VERSION_CATALOGUE[0]).toEqual({ version: '1.17', release: '1.17.0', tracker: '12.0.0', assist: '12.0.0' });
    expect(VERSION_CATALOGUE.at(-1)).toEqual({ version: '1.21', release: '1.21.0', tracker: '16.0.0', assist: '16.0.0' });
  });

  it('holds the console’s own version data and the tracker and Assist plugin of each version, v1.17.0 to v1.21.0', () => {
    expect({ console: CONSOLE_VERSION, tracker: CONSOLE_TRACKER_VERSION }).toEqual({ console: '1.17.0', tracker: '12.0.0' });
    expect(VERSION_CATALOGUE.map((v) => [v.release, v.tracker, v.assist])).toEqual([
      ['1.17.0', '12.0.0', '12.0.0'],
      ['1.18.0', '13.0.0', '13.0.0'],
      ['1.19.0', '14.0.0', '14.0.0'],
      ['1.20.0', '15.0.0', '15.0.0'],
      ['1.21.0', '16.0.0', '16.0.0'],
    ]);
    expect(compatibilityOf('1.19')).toMatchObject({ tracker: '14.0.0', assist: '14.0.0' });
    // A version past the table (an operator's) reads as the newest row, as its agent does.
    expect(compatibilityOf('1.30')).toMatchObject({ tracker: '16.0.0', assist: '16.0.0' });
    // The versions answer keeps its shape: version, release and tracker.
    expect(CATALOGUE_VERSIONS[0]).toEqual({ version: '1.17', release: '1.17.0', tracker: '12.0.0' });
  });

  it('offers only newer versions, by number', () => {
    const offered = [...CATALOGUE_VERSIONS, { version: '1.9', release: '1.9.0', tracker: null }, { version: '1.100', release: '1.100.0', tracker: null }];
    expect(newerVersions('1.19', offered).map((v) => v.version)).toEqual(['1.20', '1.21', '1.100']);
    expect(newerVersions('1.100', offered)).toEqual([]);
  });

  it('refuses unknown versions, downgrades and the same version, and says why', () => {
    expect(versionUpgradeProblem('1.20', '1.21', CATALOGUE_VERSIONS)).toBeNull();
    expect(versionUpgradeProblem('1.20', '1.99', CATALOGUE_VERSIONS)).toBe(VERSION_MESSAGES.unknown('1.99'));
    expect(versionUpgradeProblem('1.20', '1.20', CATALOGUE_VERSIONS)).toBe(VERSION_MESSAGES.downgrade('1.20'));
    expect(versionUpgradeProblem('1.20', '1.17', CATALOGUE_VERSIONS)).toBe(VERSION_MESSAGES.downgrade('1.20'));
    expect(versionUpgradeProblem('1.20', 'v1.21', CATALOGUE_VERSIONS)).toBe(VERSION_MESSAGES.format);
    expect(VERSION_MESSAGES.downgrade('1.20')).toMatch(/^Downgrades are refused/);
  });

  it('takes a body of one major.minor version and nothing else', () => {
    expect(versionUpgradeBodySchema.safeParse({ version: '1.21' }).success).toBe(true);
    for (const body of [{}, { version: '1.21.0' }, { version: 1.21 }, { version: '1.21', more: 1 }, { version: '1.21\u0000' }]) {
      expect(versionUpgradeBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('starts an upgrade now unless it is asked to wait for the maintenance window', () => {
    expect(versionUpgradeBodySchema.parse({ version: '1.21' })).toEqual({ version: '1.21', when: 'now' });
    expect(versionUpgradeBodySchema.parse({ version: '1.21', when: 'maintenance' })).toEqual({ version: '1.21', when: 'maintenance' });
    for (const when of ['later', 'Maintenance', null, 0]) {
      expect(versionUpgradeBodySchema.safeParse({ version: '1.21', when }).success, String(when)).toBe(false);
    }
    expect(VERSION_MESSAGES.scheduled('1.22', 'Nov 30, 2026, 1:00 AM')).toBe('Upgrade to 1.22 scheduled for Nov 30, 2026, 1:00 AM');
  });
});
