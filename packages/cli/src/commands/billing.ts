import { unwrap } from '@replay/client';
import type { Command } from 'commander';
import { BUDGET_DEFAULT_THRESHOLDS, BUDGET_FORECAST_METHOD_TEXT, MICROS_PER_DOLLAR, formatMoney, type BudgetStatus } from '@replay/contracts';
import { contextOf } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { isoTime, printJson, printRecord, type Io } from '../io';

/** Dollars with at most two decimals ("500", "1250.50") to µ$, in integer arithmetic. */
export function dollarsOf(text: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new CliError(`--amount takes dollars with at most two decimals, such as 500 or 1250.50; got "${text}".`, EXIT.usage);
  return (Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))) * (MICROS_PER_DOLLAR / 100);
}

/** "50,75,100" to [50, 75, 100]; the console judges the rest (range, order, count). */
function thresholdsOf(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p))) throw new CliError(`--thresholds takes whole percentages separated by commas, such as 50,75,100; got "${text}".`, EXIT.usage);
  return parts.map(Number);
}

function printStatus(io: Io, s: BudgetStatus): void {
  const b = s.budget;
  printRecord(io, [
    ['Budget', b ? `${formatMoney(b.amount)} a month` : 'No budget set'],
    ['Thresholds', b ? b.thresholds.map((t) => `${t} %`) : null],
    ['Hard stop', b ? (b.hardStop ? (s.hardStopActive ? 'on, in effect' : 'on') : 'off') : null],
    ['Period', `${isoTime(s.periodStart)} to ${isoTime(s.periodEnd)}`],
    ['Spent', s.percentUsed === null ? formatMoney(s.spend) : `${formatMoney(s.spend)} (${s.percentUsed} %)`],
    ['Forecast', `${formatMoney(s.forecast)} (${BUDGET_FORECAST_METHOD_TEXT})`],
    ['Reached', b ? s.crossed.map((t) => `${t} %`) : null],
  ]);
}

/** `replay billing budget show|set|remove`: the account's spend budget (EDIT_BILLING to change it). */
export function registerBilling(program: Command, io: Io): void {
  const billing = program.command('billing').description("the account's billing");
  const budget = billing.command('budget').description('the monthly spend budget: thresholds told once a month, an optional hard stop on growth');

  budget
    .command('show')
    .description("the budget, this month's spend and its forecast")
    .action(async (_opts: unknown, command: Command) => {
      const ctx = contextOf(io, command);
      const status = await unwrap(ctx.client().GET('/api/billing/budget'));
      if (ctx.json) return printJson(io, status);
      printStatus(io, status);
    });

  budget
    .command('set')
    .description('set or replace the budget')
    .requiredOption('--amount <dollars>', 'the monthly amount in dollars, e.g. 500 or 1250.50')
    .option('--thresholds <percentages>', 'percentages told once a month, comma-separated', BUDGET_DEFAULT_THRESHOLDS.join(','))
    .option('--hard-stop', 'at 100 %, refuse new instances and size increases (running instances are never stopped)', false)
    .action(async (opts: { amount: string; thresholds: string; hardStop: boolean }, command: Command) => {
      const ctx = contextOf(io, command);
      const body = { amount: dollarsOf(opts.amount), thresholds: thresholdsOf(opts.thresholds), hardStop: opts.hardStop };
      const status = await unwrap(ctx.client().PUT('/api/billing/budget', { body }));
      if (ctx.json) return printJson(io, status);
      io.err('Budget saved.\n');
      printStatus(io, status);
    });

  budget
    .command('remove')
    .description('remove the budget: thresholds are no longer watched and the hard stop is lifted (asks for --yes)')
    .option('--yes', 'confirm')
    .action(async (opts: { yes?: boolean }, command: Command) => {
      if (!opts.yes) throw new CliError('Removing the budget stops its thresholds and lifts its hard stop. Add --yes to confirm.', EXIT.usage);
      const ctx = contextOf(io, command);
      const status = await unwrap(ctx.client().DELETE('/api/billing/budget'));
      if (ctx.json) return printJson(io, status);
      io.out('Budget removed.\n');
    });
}
