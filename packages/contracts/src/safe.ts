import { z } from 'zod';

/**
 * The one input rule: every string, number and date of every body, query and
 * path parameter is built from these primitives, so whatever a schema accepts
 * PostgreSQL can store and compare and a JS Date can represent. A value that
 * passes them never turns into a 500 further down; one that does not is a 400
 * with the message below.
 *
 * - Text: no NUL (PostgreSQL text cannot hold U+0000) and no unpaired UTF-16
 *   surrogate (jsonb rejects its `\ud800` escape, and text would silently
 *   store U+FFFD instead), at most a stated length, never above MAX_TEXT_LENGTH.
 *   Text people type is also trimmed and put in Unicode NFC, so that the same
 *   name typed on two keyboards is one name (uniqueness, search).
 * - Integers: within a stated range, which never exceeds int4 unless said.
 * - Dates (epoch milliseconds): from 1970 to the end of the year 9999.
 * - Paging: page and page size bounded, so an offset stays a small number.
 */

/** The longest text any field accepts (the captcha answer); each field states its own, smaller limit. */
export const MAX_TEXT_LENGTH = 4096;
/** The largest int4 (PostgreSQL integer): no integer input goes beyond it unless its column is wider. */
export const INT4_MAX = 2 ** 31 - 1;
/** Lists show at most this many pages: 10,000 × 100 rows is more than any screen pages through. */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/**
 * The last millisecond of the year 9999. PostgreSQL stores later times, but a
 * later JS Date is written with a six-digit year (+010000-…) that PostgreSQL
 * does not read back.
 */
export const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const INPUT_MESSAGES = {
  unstorableText: 'Text must not contain NUL characters or unpaired surrogates.',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  outOfRange: (min: number, max: number) => `Must be a whole number from ${min} to ${max}.`,
  pageTooFar: `Page must be a whole number from 1 to ${MAX_PAGE}.`,
  pageSize: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  dateOutOfRange: 'Dates must fall between 1970 and the end of the year 9999 (epoch milliseconds).',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Text PostgreSQL can store as text and as jsonb: no NUL, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The same text made storable, for what must be kept even when it was refused
 * (the audit trail records refused calls): NUL dropped, unpaired surrogates
 * written as U+FFFD, as UTF-8 encoding would.
 */
export function toStorableText(value: string): string {
  return isStorableText(value) ? value : value.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\uFFFD');
}

function checkedLength(max: number): number {
  if (!Number.isInteger(max) || max < 1 || max > MAX_TEXT_LENGTH) {
    throw new Error(`A text limit must be from 1 to ${MAX_TEXT_LENGTH}, not ${max}.`);
  }
  return max;
}

/*
 * Each rule below is one schema carrying its checks, not a chain of method calls: zod
 * copies the schema at every chained call, and the browser builds a few hundred of these
 * fields before the login screen comes to life (measured: about half of the app's module
 * evaluation was zod building schemas). The checks and their order are the chain's.
 */

/** Text a person types (names, descriptions, searches): storable, trimmed, NFC, at most `max` characters. */
export function safeText(max: number): z.ZodString {
  const limit = checkedLength(max);
  return z.string().check(z.refine(isStorableText, INPUT_MESSAGES.unstorableText), z.normalize('NFC'), z.trim(), z.maxLength(limit, INPUT_MESSAGES.tooLong(limit)));
}

/** Text kept exactly as sent (passwords, tokens, ids, codes): storable and at most `max` characters. */
export function safeExactText(max: number): z.ZodString {
  const limit = checkedLength(max);
  return z.string().check(z.refine(isStorableText, INPUT_MESSAGES.unstorableText), z.maxLength(limit, INPUT_MESSAGES.tooLong(limit)));
}

/** zod's own UUID pattern (RFC 9562), which z.uuid() checks: one definition of a UUID on both sides of the wire. */
const UUID_PATTERN = z.regexes.uuid();

/** Whether a text is a UUID as every row id is; anything else names no row (and must never reach a uuid cast in SQL). */
export const isUuid = (text: string): boolean => UUID_PATTERN.test(text);

/**
 * An optional field for which an empty text means "not given": the spec's own payloads send
 * `""` for a value they do not have (the sign-up's `tenantId`). Anything else must pass `schema`.
 */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional()).optional();
}

/** A UUID (every id of a row). */
export function safeUuid(message?: string) {
  return z.uuid(message);
}

/**
 * A whole number from `min` to `max` (int4 unless the column is wider), from
 * a JSON body or a query string (text, coerced: "1e400", "NaN" and "1.5" are
 * refused, not stored).
 */
export function safeInt(opts: { min: number; max?: number; from?: 'body' | 'query'; message?: string }) {
  const { min, max = INT4_MAX, from = 'body' } = opts;
  const message = opts.message ?? INPUT_MESSAGES.outOfRange(min, max);
  const number = from === 'query' ? z.coerce.number() : z.number();
  return number.check(z.int(message), z.gte(min, message), z.lte(max, message));
}

/** A point in time as epoch milliseconds that both PostgreSQL and a JS Date can hold. */
export const safeEpochMs = safeInt({ min: 0, max: MAX_EPOCH_MS, message: INPUT_MESSAGES.dateOutOfRange });

/** Page (from 1) and page size of a list, from a query string or a JSON body. */
export function safePaging(defaultLimit: number, from: 'body' | 'query') {
  return {
    page: safeInt({ min: 1, max: MAX_PAGE, from, message: INPUT_MESSAGES.pageTooFar }).default(1),
    limit: safeInt({ min: 1, max: MAX_PAGE_SIZE, from, message: INPUT_MESSAGES.pageSize }).default(defaultLimit),
  };
}

/**
 * The path parameters of a route addressing one row by its UUID. A path
 * that cannot name a row names nothing: the server answers a malformed id
 * as it answers an unknown one, 404 with `notFound` (the errors plugin turns
 * a refused path parameter into `not_found`).
 */
export const uuidParamsSchema = (notFound: string) => z.object({ id: safeUuid(notFound) });
