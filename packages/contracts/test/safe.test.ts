import { describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, MAX_EPOCH_MS, MAX_PAGE, MAX_TEXT_LENGTH, isStorableText, safeEpochMs, safeExactText, safeInt, safePaging, safeText, toStorableText } from '../src/index';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('storable text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a pair in the wrong order', '\udc00\ud800'],
    ['a high surrogate at the end', 'abc\udbff'],
  ])('refuses %s, in typed and exact text alike', (_label, value) => {
    expect(isStorableText(value)).toBe(false);
    expect(messagesOf(safeText(50).safeParse(value))).toContain(INPUT_MESSAGES.unstorableText);
    expect(messagesOf(safeExactText(50).safeParse(value))).toContain(INPUT_MESSAGES.unstorableText);
  });

  it('accepts every other character, surrogate pairs (emoji, 𝕏) and controls included', () => {
    for (const value of ['\ud83d\ude00 ok', '\ud835\udd4f', 'tab\there', 'ümlaut', '%_\\', '\ufeff\u202e']) {
      expect(safeExactText(50).parse(value)).toBe(value);
    }
  });

  it('trims typed text and puts it in NFC before measuring it; exact text is kept as sent', () => {
    expect(safeText(5).parse('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(safeExactText(10).parse(' Cafe\u0301 ')).toBe(' Cafe\u0301 ');
    expect(messagesOf(safeText(3).safeParse('abcd'))).toEqual([INPUT_MESSAGES.tooLong(3)]);
  });

  it('makes refused text storable for the records that must keep it', () => {
    expect(toStorableText('a\u0000b\ud800c\udc00')).toBe('ab\uFFFDc\uFFFD');
    expect(toStorableText('\ud83d\ude00')).toBe('\ud83d\ude00');
    expect(isStorableText(toStorableText('\u0000\udfff\ud800'))).toBe(true);
  });

  it('has no field without a limit, and no limit above the ceiling', () => {
    expect(() => safeText(MAX_TEXT_LENGTH + 1)).toThrow();
    expect(() => safeExactText(0)).toThrow();
    expect(safeExactText(MAX_TEXT_LENGTH).safeParse('a'.repeat(MAX_TEXT_LENGTH)).success).toBe(true);
  });
});

describe('numbers, dates and paging', () => {
  it('keeps integers within int4 unless told otherwise, and refuses fractions and huge numbers', () => {
    const int = safeInt({ min: 0 });
    expect(int.parse(2 ** 31 - 1)).toBe(2 ** 31 - 1);
    for (const bad of [2 ** 31, 0.5, -1, 1e308, 2 ** 63]) expect(int.safeParse(bad).success, String(bad)).toBe(false);
    expect(messagesOf(int.safeParse(2 ** 31))).toEqual([INPUT_MESSAGES.outOfRange(0, 2 ** 31 - 1)]);
  });

  it('reads query integers from text, refusing what is not a whole number in range', () => {
    const { page, limit } = safePaging(10, 'query');
    expect(page.parse('3')).toBe(3);
    expect(page.parse(undefined)).toBe(1);
    expect(limit.parse(undefined)).toBe(10);
    for (const bad of ['1e400', 'NaN', 'Infinity', '1.5', '0', String(MAX_PAGE + 1), '99999999999999999999']) {
      expect(page.safeParse(bad).success, bad).toBe(false);
    }
    expect(messagesOf(page.safeParse('1228378287'))).toEqual([INPUT_MESSAGES.pageTooFar]);
    expect(messagesOf(limit.safeParse('101'))).toEqual([INPUT_MESSAGES.pageSize]);
  });

  it('takes dates from 1970 to the last millisecond of 9999, which PostgreSQL reads back from a Date', () => {
    expect(safeEpochMs.parse(0)).toBe(0);
    expect(safeEpochMs.parse(MAX_EPOCH_MS)).toBe(MAX_EPOCH_MS);
    expect(new Date(MAX_EPOCH_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    for (const bad of [MAX_EPOCH_MS + 1, 8.64e15, -1, 1.5]) {
      expect(messagesOf(safeEpochMs.safeParse(bad)), String(bad)).toEqual([INPUT_MESSAGES.dateOutOfRange]);
    }
  });
});
