/**
 * What each product version reads: the newest tracker whose events it
 * understands. The version an agent is started at decides this (see the
 * agent's ingest), so an upgrade changes what the instance accepts, not only
 * the number it reports. The console's catalogue (contracts' VERSION_CATALOGUE)
 * shows the same table to users; a server test keeps the two equal.
 */
export const TRACKER_COMPATIBILITY: readonly (readonly [version: string, tracker: string])[] = [
  ['1.17', '12.0.0'],
  ['1.18', '13.0.0'],
  ['1.19', '14.0.0'],
  ['1.20', '15.0.0'],
  ['1.21', '16.0.0'],
];

/** The leading number of a version text ('1.21' → 1, '16.0.0' → 16); NaN when there is none. */
const part = (text: string, index: number): number => Number(text.split('.')[index] ?? NaN);
const compare = (a: string, b: string) => part(a, 0) - part(b, 0) || part(a, 1) - part(b, 1);

/**
 * The newest tracker a version reads: its own row, or for a version past the
 * table (one an operator registered) the newest row below it; null for a
 * version older than the table.
 */
export function trackerOf(version: string): string | null {
  let found: string | null = null;
  for (const [v, tracker] of TRACKER_COMPATIBILITY) if (compare(v, version) <= 0) found = tracker;
  return found;
}

/** Whether an agent at `version` reads events of tracker `trackerVersion`: any tracker up to its table row's major. */
export function readsTracker(version: string, trackerVersion: string): boolean {
  const newest = trackerOf(version);
  const major = part(trackerVersion, 0);
  return newest !== null && Number.isInteger(major) && major <= part(newest, 0);
}
