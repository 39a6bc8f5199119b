/** Wire times are epoch milliseconds. */
export const ms = (d: Date): number => d.getTime();
export const msOrNull = (d: Date | null | undefined): number | null => (d ? d.getTime() : null);
