/**
 * Money is an integer count of micro-dollars (µ$; 1 USD = 1,000,000 µ$)
 * everywhere: in the catalogue, in every computation and on the wire. A float
 * never holds an amount, so a price is the same number in the browser, on the
 * server and (later) on an invoice. Only `formatMoney` turns one into text.
 */

import { z } from 'zod';

/** An integer number of micro-dollars. */
export type Micros = number;

/** An amount on the wire: integer µ$, never a decimal. */
export const microsSchema = z.number().int().nonnegative();

export const MICROS_PER_DOLLAR = 1_000_000;

/** Fraction digits a price is shown with: 2 (cents), or up to 3 for hourly prices set to a tenth of a cent. */
export type MoneyDigits = 2 | 3;
/** Hourly prices are set to a tenth of a cent: they show the third decimal rather than round it away. */
export const HOURLY_DIGITS: MoneyDigits = 3;

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, digits: MoneyDigits): Intl.NumberFormat {
  const key = `${currency}|${digits}`;
  let known = formatters.get(key);
  if (!known) {
    known = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: digits });
    formatters.set(key, known);
  }
  return known;
}

/**
 * The one way a price becomes text: en-US currency, at least two decimals and
 * at most `digits`. The amount is rounded to `digits` decimals half away from
 * zero in integer arithmetic, and Intl is handed the exact decimal string, so
 * no binary fraction ever decides a displayed cent.
 */
export function formatMoney(micros: Micros, digits: MoneyDigits = 2, currency = 'USD'): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`Money must be an integer number of micros, got ${micros}`);
  const step = 10 ** (6 - digits);
  const magnitude = Math.abs(micros);
  const rounded = Math.floor(magnitude / step) + (magnitude % step >= step / 2 ? 1 : 0);
  const scale = 10 ** digits;
  const whole = Math.floor(rounded / scale);
  const fraction = String(rounded % scale).padStart(digits, '0');
  const decimal = `${micros < 0 ? '-' : ''}${whole}.${fraction}` as `${number}`;
  return formatter(currency, digits).format(decimal);
}

/** Decimal digits of a µ$ amount. */
const MICRO_DIGITS = 6;

/**
 * A unit price exactly as billed. `formatMoney` shows at most HOURLY_DIGITS
 * (3) decimals, which every hourly price fits; a storage price is µ$ per
 * GB-hour (600 µ$ = $0.0006, 666 µ$ in a ×1.11 region), finer than that, and
 * rounding it would print a price that does not multiply out to the amount.
 * Such a price is written with as many decimals as it has (at least 2, at
 * most 6), the decimal string built in integer arithmetic and handed to Intl
 * as a string, the way formatMoney does, so no binary fraction decides a digit.
 */
export function formatUnitPrice(micros: Micros, currency: string): string {
  if (!Number.isSafeInteger(micros) || micros < 0) throw new RangeError(`A unit price must be a non-negative integer of micros, got ${micros}`);
  if (micros % 10 ** (MICRO_DIGITS - HOURLY_DIGITS) === 0) return formatMoney(micros, HOURLY_DIGITS, currency);
  const whole = Math.floor(micros / MICROS_PER_DOLLAR);
  const fraction = String(micros % MICROS_PER_DOLLAR)
    .padStart(MICRO_DIGITS, '0')
    .replace(/0+$/, '');
  const decimal = `${whole}.${fraction}` as `${number}`;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: MICRO_DIGITS }).format(decimal);
}
