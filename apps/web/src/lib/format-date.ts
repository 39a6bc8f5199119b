/**
 * Dates as the console shows them, en-US (spec section 9); times are epoch milliseconds.
 * Each formatter is made on first use: building one loads the browser's locale data, tens
 * of milliseconds on a phone, which a screen without dates should not pay when it loads.
 */
let date: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;
let utcDate: Intl.DateTimeFormat | undefined;

/** 'Jan 5, 2026' */
export const formatDate = (ms: number): string => (date ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })).format(ms);
/** 'Jan 5, 2026, 3:04 PM' */
export const formatDateTime = (ms: number): string => (dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })).format(ms);
/** 'Jan 5, 2026' as the date is in UTC: for moments the console states in UTC ('06:00 UTC'). */
export const formatUtcDate = (ms: number): string => (utcDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })).format(ms);
