import { formatBytes } from '../disk/format';

/** How monitoring figures read on screen and in the charts' text summaries. */

/**
 * '42.0 %', '79.9 %': one decimal by default, so a figure just under the 80 %
 * alert never reads as 80 % beside a bar that is not red; axes ask for none.
 */
export function formatPercent(value: number, digits = 1): string {
  return `${value.toFixed(digits)} %`;
}

/** Bytes per second in decimal units, as byte counts read elsewhere: '512 B/s', '1.5 kB/s', '12 MB/s'. */
export function formatBytesPerSecond(value: number): string {
  return `${formatBytes(value)}/s`;
}
