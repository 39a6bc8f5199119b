import { BUDGET_DEFAULT_THRESHOLDS, BUDGET_MESSAGES, MICROS_PER_DOLLAR, saveBudgetSchema, type Budget, type SaveBudgetInput } from '@replay/contracts';

/** The budget form's fields as typed: dollars, and the thresholds as a comma-separated list. */
export interface BudgetValues {
  amount: string;
  thresholds: string;
  hardStop: boolean;
}

export type BudgetErrors = Partial<Record<'amount' | 'thresholds', string>>;

export function budgetValuesOf(budget: Budget | null): BudgetValues {
  return {
    amount: budget ? (budget.amount / MICROS_PER_DOLLAR).toFixed(2) : '',
    thresholds: (budget?.thresholds ?? BUDGET_DEFAULT_THRESHOLDS).join(', '),
    hardStop: budget?.hardStop ?? false,
  };
}

/** Dollars with at most two decimals to µ$, in integer arithmetic; NaN for anything else. */
export function dollarsToMicros(text: string): number {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return Number.NaN;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents * (MICROS_PER_DOLLAR / 100);
}

/** "75, 50,100" → [50, 75, 100]: sorted for the member; a repeat or a non-number is left for the rules to refuse. */
export function parseThresholds(text: string): number[] {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN)).sort((a, b) => a - b);
}

/** The body to send, or the fields' errors in the contracts' words (the server applies the same rules). */
export function budgetInputOf(v: BudgetValues): { body: SaveBudgetInput } | { errors: BudgetErrors } {
  const body = { amount: dollarsToMicros(v.amount), thresholds: parseThresholds(v.thresholds), hardStop: v.hardStop };
  const parsed = saveBudgetSchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: BudgetErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'amount' ? 'amount' : 'thresholds';
    // An element's own issue (not a whole number, out of range) reads as the threshold rule.
    errors[field] ??= field === 'amount' ? BUDGET_MESSAGES.amount : issue.path.length > 1 ? BUDGET_MESSAGES.threshold : issue.message;
  }
  return { errors };
}
