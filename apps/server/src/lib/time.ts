/** Wire times are epoch milliseconds; a statement may have converted them already. */
export const ms = (d: Date | number): number => (typeof d === 'number' ? d : d.getTime());
export const msOrNull = (d: Date | number | null | undefined): number | null => (d === null || d === undefined ? null : ms(d));

/** What tells the time to the code that decides by it: the system's, or a test's that it moves. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
