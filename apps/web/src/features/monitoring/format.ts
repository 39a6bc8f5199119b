/** How monitoring figures read on screen and in the charts' text summaries. */

/**
 * '42.0 %', '79.9 %': one decimal by default, so a figure just under the 80 %
 * alert never reads as 80 % beside a bar that is not red; axes ask for none.
 */
export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)} %`;
}

const BYTE_UNITS = ['B/s', 'kB/s', 'MB/s', 'GB/s'] as const;

/** Bytes per second in decimal units: '512 B/s', '1.5 kB/s', '12 MB/s'. */
export function formatBytesPerSecond(value: number): string {
  let n = value;
  let unit = 0;
  while (Math.abs(n) >= 1000 && unit < BYTE_UNITS.length - 1) {
    n /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || n >= 100 ? Math.round(n) : Math.round(n * 10) / 10;
  return `${shown} ${BYTE_UNITS[unit]}`;
}
