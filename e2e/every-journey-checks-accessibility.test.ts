import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10: every journey, including those added later, checks each screen it
 * shows with axe-core. A journey is an e2e file that opens a page in chromium;
 * each must call expectAccessible (e2e/support/axe.ts), so a new one that does
 * not fails here, in `npm test`, before review.
 */
const dir = fileURLToPath(new URL('.', import.meta.url));
const opensPages = readdirSync(dir)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file, source: readFileSync(`${dir}${file}`, 'utf8') }))
  .filter(({ source }) => /\bnewPage\(|\bopenJourney\(/.test(source));

/**
 * A file whose pages are all a customer's test site (e2e/support/site.ts: the tracker's tests
 * record it) shows none of our screens: axe would judge the fixture, not the product. Such a
 * file opens no console and goes nowhere but `site.url` (and about:blank, to leave it).
 */
const onlyCustomerSite = (source: string) => {
  const targets = [...source.matchAll(/\.goto\(\s*([^,)]+)/g)].map((m) => m[1]!.trim());
  return !/\bstartConsole\(|\bopenJourney\(/.test(source) && targets.length > 0 && targets.every((t) => t.startsWith('`${site.url}') || t === "'about:blank'");
};
const journeys = opensPages.filter(({ source }) => !onlyCustomerSite(source));

describe('every e2e journey checks accessibility', () => {
  it('finds the journeys', () => {
    expect(journeys.map((j) => j.file)).toEqual(expect.arrayContaining(['foundation.test.ts', 'keyboard.test.ts', 'replay-screens.test.ts']));
  });

  it('leaves out only the files that record a customer’s test site', () => {
    expect(opensPages.filter(({ source }) => onlyCustomerSite(source)).map((j) => j.file)).toEqual([
      'tracker-before-load.test.ts',
      'tracker-capture.test.ts',
      'tracker-disk-full.test.ts',
      'tracker-mutations.test.ts',
      'tracker-privacy.test.ts',
      'tracker-snippets.test.ts',
      'tracker-transport.test.ts',
    ]);
  });

  for (const { file, source } of journeys) {
    it(`${file} calls expectAccessible`, () => {
      expect(source).toMatch(/\bexpectAccessible\(\w+, /);
    });
  }
});
