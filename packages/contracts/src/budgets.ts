import { z } from 'zod';
import { microsSchema, MICROS_PER_DOLLAR } from './money';
import { safeInt } from './safe';

/**
 * Spend budgets (issue 45, point 4): per account, a monthly amount in µ$ (money.ts, like the rest
 * of billing) with thresholds in percent. The console compares the running billing period's spend,
 * metered exactly as its invoice will be, with the amount; each threshold crossed is told once per
 * period (bell, mail, webhook event `billing.budget_threshold_crossed`). With `hardStop`, new
 * instances and size increases are refused once the spend reaches 100 %; running instances are
 * never stopped. docs/decisions/billing.md says why each rule is what it is.
 */

export const BUDGET_DEFAULT_THRESHOLDS = [50, 75, 100] as const;
export const BUDGET_MAX_THRESHOLDS = 5;
/** An amount is whole cents, from $1 to $10,000,000 a month. */
export const BUDGET_MIN_AMOUNT = MICROS_PER_DOLLAR;
export const BUDGET_MAX_AMOUNT = 10_000_000 * MICROS_PER_DOLLAR;
const CENT = 10_000;

/** How the forecast is made, stated with every answer (the Billing screen shows it). */
export const BUDGET_FORECAST_METHODS = ['run_rate'] as const;
export const BUDGET_FORECAST_METHOD_TEXT = 'Spend so far divided by the share of the month’s billed hours elapsed (the hour under way counts, as it is billed).';

export const BUDGET_MESSAGES = {
  amount: 'Enter a monthly amount from $1.00 to $10,000,000.00, in whole cents.',
  threshold: 'Each threshold is a whole percent from 1 to 100.',
  thresholdsOrder: 'Thresholds must be different and in increasing order.',
  thresholdsCount: `Choose from 1 to ${BUDGET_MAX_THRESHOLDS} thresholds.`,
  /** The hard stop's refusal (a create, a type switch to a larger size, a disk increase). */
  exhausted: 'Your spend budget is used up for this month. Raise the budget or turn off its hard stop to create instances or increase sizes.',
  /* The Billing screen's Budget card. */
  title: 'Budget',
  empty: 'No budget set',
  emptyHint: 'Set a monthly budget to be told when spend reaches its thresholds, and optionally stop growth at 100 %.',
  set: 'Set budget',
  edit: 'Edit budget',
  remove: 'Remove budget',
  removeConfirm: 'Remove the spend budget? Thresholds stop being watched and the hard stop is lifted.',
  saved: 'Budget saved',
  removed: 'Budget removed',
  saveFailed: 'The budget could not be saved.',
  notSet: 'No budget is set.',
  loadFailed: 'The budget could not be loaded.',
  hardStop: 'Hard stop',
  hardStopHelp: 'At 100 %, refuse new instances and size increases. Running instances are never stopped.',
  hardStopActive: 'Hard stop in effect: new instances and size increases are refused until next month.',
  forecast: (amount: string) => `Forecast for this month: ${amount}`,
} as const;

export const budgetAmountSchema = safeInt({ min: BUDGET_MIN_AMOUNT, max: BUDGET_MAX_AMOUNT, message: BUDGET_MESSAGES.amount }).refine((v) => v % CENT === 0, BUDGET_MESSAGES.amount);

export const budgetThresholdsSchema = z
  .array(safeInt({ min: 1, max: 100, message: BUDGET_MESSAGES.threshold }))
  .min(1, BUDGET_MESSAGES.thresholdsCount)
  .max(BUDGET_MAX_THRESHOLDS, BUDGET_MESSAGES.thresholdsCount)
  .refine((list) => list.every((v, i) => i === 0 || v > list[i - 1]!), BUDGET_MESSAGES.thresholdsOrder);

/** PUT /billing/budget: sets or replaces the account's budget. */
export const saveBudgetSchema = z.strictObject({
  amount: budgetAmountSchema,
  thresholds: budgetThresholdsSchema.default([...BUDGET_DEFAULT_THRESHOLDS]),
  hardStop: z.boolean().default(false),
});
export type SaveBudgetInput = z.input<typeof saveBudgetSchema>;
export type SaveBudget = z.output<typeof saveBudgetSchema>;

export const budgetSchema = z.object({
  /** µ$ a month. */
  amount: microsSchema,
  thresholds: z.array(z.number().int()),
  hardStop: z.boolean(),
  updatedAt: z.number().int(),
});
export type Budget = z.infer<typeof budgetSchema>;

/** GET /billing/budget: the budget (null: none) and the running period measured against it. */
export const budgetStatusSchema = z.object({
  budget: budgetSchema.nullable(),
  currency: z.string(),
  /** Epoch ms of the running billing period. */
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  /** The period's spend so far, µ$: the figure its invoice would show (before rounding lines to cents). */
  spend: microsSchema,
  /** spend / amount × 100, one decimal (null without a budget). May pass 100. */
  percentUsed: z.number().nullable(),
  /** What the period comes to at its rate so far, µ$ (`forecastMethod`). */
  forecast: microsSchema,
  forecastMethod: z.enum(BUDGET_FORECAST_METHODS),
  /** The thresholds told this period, in increasing order. */
  crossed: z.array(z.number().int()),
  /** The hard stop refuses new instances and size increases now. */
  hardStopActive: z.boolean(),
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;

/** Percent of `amount` that `spend` is, one decimal, rounded down (99.96 % is not yet 100 %). */
export function percentOf(spend: number, amount: number): number {
  return Math.floor((spend * 1000) / amount) / 10;
}

/** The thresholds `spend` has reached: t % of the amount or more, in integer arithmetic. */
export function reachedThresholds(thresholds: readonly number[], spend: number, amount: number): number[] {
  return thresholds.filter((t) => BigInt(spend) * 100n >= BigInt(amount) * BigInt(t));
}

/**
 * The forecast (the run rate): the spend over the billed hours elapsed, times the period's hours,
 * rounded half up in integer arithmetic. Nothing elapsed: nothing forecast beyond the spend.
 */
export function forecastOf(spend: number, elapsedSlots: number, periodSlots: number): number {
  if (elapsedSlots <= 0 || periodSlots <= elapsedSlots) return spend;
  const scaled = BigInt(spend) * BigInt(periodSlots) * 2n + BigInt(elapsedSlots);
  return Number(scaled / (2n * BigInt(elapsedSlots)));
}
