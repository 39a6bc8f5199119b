/** Dates as the console shows them, en-US (spec section 9); times are epoch milliseconds. */
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Jan 5, 2026' */
export const formatDate = (ms: number): string => date.format(ms);
/** 'Jan 5, 2026, 3:04 PM' */
export const formatDateTime = (ms: number): string => dateTime.format(ms);
