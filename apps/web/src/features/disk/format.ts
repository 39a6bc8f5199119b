const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** Bytes in decimal units, as the disk figures read elsewhere: '0 B', '3 kB', '1.5 MB', '12 GB'. */
export function formatBytes(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (Math.abs(n) >= 1000 && unit < UNITS.length - 1) {
    n /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || n >= 100 ? Math.round(n) : Math.round(n * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}

/** The forecast's words (issue 11: 'full in about N days'); 0 means full already. */
export function fullInLabel(days: number): string {
  if (days <= 0) return 'At the current rate the disk is full now.';
  return `At the current rate the disk is full in about ${days} ${days === 1 ? 'day' : 'days'}.`;
}
