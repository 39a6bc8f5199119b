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
const journeys = readdirSync(dir)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file, source: readFileSync(`${dir}${file}`, 'utf8') }))
  .filter(({ source }) => /\bnewPage\(|\bopenJourney\(/.test(source));

describe('every e2e journey checks accessibility', () => {
  it('finds the journeys', () => {
    expect(journeys.map((j) => j.file)).toEqual(expect.arrayContaining(['foundation.test.ts', 'keyboard.test.ts']));
  });

  for (const { file, source } of journeys) {
    it(`${file} calls expectAccessible`, () => {
      expect(source).toMatch(/\bexpectAccessible\(\w+, /);
    });
  }
});
