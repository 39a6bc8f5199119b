/**
 * The Billing screen's dates and counts, en-US. Billing periods start and end on UTC
 * midnights (the server's months), so they are read in UTC: in a zone west of UTC they
 * would otherwise start a day early ('Oct 31 – Nov 30').
 */
let monthDay: Intl.DateTimeFormat | undefined;
let count: Intl.NumberFormat | undefined;

const md = (ms: number) => (monthDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(ms);
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

/**
 * 'Nov 1 – Nov 30, 2026'; 'Dec 15, 2026 – Jan 14, 2027' across a year's end. The end is
 * exclusive (the next period's start), so its last day is shown, as the invoice's PDF does.
 */
export function formatPeriod(startMs: number, endMs: number): string {
  const lastMs = Math.max(startMs, endMs - 1);
  if (yearOf(startMs) === yearOf(lastMs)) return `${md(startMs)} – ${md(lastMs)}, ${yearOf(lastMs)}`;
  return `${md(startMs)}, ${yearOf(startMs)} – ${md(lastMs)}, ${yearOf(lastMs)}`;
}

/** '1,440' */
export const formatCount = (n: number): string => (count ??= new Intl.NumberFormat('en-US')).format(n);
