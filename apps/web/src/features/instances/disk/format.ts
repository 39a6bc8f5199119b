export { formatBytes } from '@replay/contracts';

/** The forecast's words (issue 11: 'full in about N days'); 0 means full already. */
export function fullInLabel(days: number): string {
  if (days <= 0) return 'At the current rate the disk is full now.';
  return `At the current rate the disk is full in about ${days} ${days === 1 ? 'day' : 'days'}.`;
}
