import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { BUDGET_MESSAGES, budgetStatusSchema, type Account, type BudgetStatus } from '@replay/contracts';
import { failWith, ok, stubSignedIn } from '../../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { makeBillingDetailsWithCard } from '../test-fixtures';
import { budgetInputOf, dollarsToMicros, parseThresholds } from '../budget-form';

const BUDGET = 'GET /api/billing/budget';
const SAVE = 'PUT /api/billing/budget';
const REMOVE = 'DELETE /api/billing/budget';

const PAYING = makeAccount({ isTrial: false, hasBillingDetails: true, plan: { type: 'paid', remaingSessions: null, billingSetup: true, remainingTrialDays: 0 } });
const VIEWER = makeAccount({ ...PAYING, permissions: ['VIEW_BILLING'] });

function statusOf(overrides: Partial<BudgetStatus> = {}): BudgetStatus {
  return budgetStatusSchema.parse({
    budget: null,
    currency: 'USD',
    periodStart: Date.UTC(2026, 11, 1),
    periodEnd: Date.UTC(2027, 0, 1),
    spend: 120_000_000,
    percentUsed: null,
    forecast: 372_000_000,
    forecastMethod: 'run_rate',
    crossed: [],
    hardStopActive: false,
    ...overrides,
  });
}
const WITH_BUDGET = statusOf({ budget: { amount: 200_000_000, thresholds: [50, 75, 100], hardStop: true, updatedAt: 0 }, percentUsed: 60, crossed: [50] });

function open(account: Account, handlers: Record<string, ReturnType<typeof ok>> = {}) {
  const stub = stubSignedIn(account, makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/managed-saas/billing-details': ok(makeBillingDetailsWithCard()),
    'GET /api/managed-saas/utilization': ok({ periodStart: 0, periodEnd: 1, meteredUntil: 0, instances: [], storages: [], total: 0, currency: 'USD' }),
    ...handlers,
  });
  renderApp('/billing');
  return { stub, user: userEvent.setup() };
}

const card = async () => within((await screen.findByRole('heading', { name: BUDGET_MESSAGES.title })).closest('section')!);

afterEach(() => notifications.clean());

describe('the budget form’s rules', () => {
  it('reads dollars in whole cents and sorts the thresholds, refusing what the contracts refuse', () => {
    expect(dollarsToMicros('1,250.5')).toBe(1_250_500_000);
    expect(dollarsToMicros('$12')).toBe(12_000_000);
    expect(dollarsToMicros('12.345')).toBeNaN();
    expect(parseThresholds('100, 50 75')).toEqual([50, 75, 100]);
    expect(budgetInputOf({ amount: '500', thresholds: '75, 50', hardStop: true })).toEqual({ body: { amount: 500_000_000, thresholds: [50, 75], hardStop: true } });
    expect(budgetInputOf({ amount: '0.5', thresholds: '50, 50', hardStop: false })).toEqual({ errors: { amount: BUDGET_MESSAGES.amount, thresholds: BUDGET_MESSAGES.thresholdsOrder } });
    expect(budgetInputOf({ amount: '10', thresholds: '50, x', hardStop: false })).toEqual({ errors: { thresholds: BUDGET_MESSAGES.threshold } });
  });
});

describe('the Budget card', () => {
  it('shows the empty state with Set budget, and the forecast', async () => {
    open(PAYING, { [BUDGET]: ok(statusOf()) });
    const c = await card();
    expect(await c.findByText(BUDGET_MESSAGES.empty)).toBeInTheDocument();
    expect(c.getByText('Forecast for this month: $372.00')).toBeInTheDocument();
    expect(c.getByRole('button', { name: BUDGET_MESSAGES.set })).toBeInTheDocument();
  });

  it('shows the amount, the spend against it with a mark per threshold, the forecast and the hard stop', async () => {
    open(PAYING, { [BUDGET]: ok(statusOf({ ...WITH_BUDGET, spend: 210_000_000, percentUsed: 105, crossed: [50, 75, 100], hardStopActive: true })) });
    const c = await card();
    expect(await c.findByTestId('budget-amount')).toHaveTextContent('$200.00 a month');
    expect(c.getByTestId('budget-spend')).toHaveTextContent('Spent so far: $210.00 (105 %)');
    expect(c.getByTestId('budget-forecast')).toHaveTextContent('Forecast for this month: $372.00');
    expect(c.getByRole('progressbar', { name: 'Spend against the budget' })).toHaveAttribute('aria-valuenow', '100');
    expect(c.getByTestId('budget-marker-75')).toHaveStyle({ left: 'calc(75% - 1px)' });
    expect(c.getByText(BUDGET_MESSAGES.hardStopActive)).toBeInTheDocument();
  });

  it('is read-only for a member who may only view billing', async () => {
    open(VIEWER, { [BUDGET]: ok(WITH_BUDGET) });
    const c = await card();
    expect(await c.findByTestId('budget-amount')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: BUDGET_MESSAGES.edit })).toBeNull();
    expect(c.queryByRole('button', { name: BUDGET_MESSAGES.remove })).toBeNull();
  });

  it('says why it could not load, with a way to try again', async () => {
    open(PAYING, { [BUDGET]: failWith('internal', 'Boom.') });
    const c = await card();
    expect(await c.findByText(/The budget could not be loaded/)).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sets a budget: the fields say what is wrong, then the sorted body is sent and the card shows the answer', async () => {
    const { stub, user } = open(PAYING, { [BUDGET]: ok(statusOf()), [SAVE]: ok(WITH_BUDGET) });
    await user.click(await (await card()).findByRole('button', { name: BUDGET_MESSAGES.set }));
    const dialog = await screen.findByRole('dialog', { name: BUDGET_MESSAGES.set });
    await user.type(within(dialog).getByRole('textbox', { name: /Monthly amount/ }), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BUDGET_MESSAGES.amount)).toBeInTheDocument();
    expect(stub.callsTo(SAVE)).toHaveLength(0);
    const amount = within(dialog).getByRole('textbox', { name: /Monthly amount/ });
    await user.clear(amount);
    await user.type(amount, '200');
    const thresholds = within(dialog).getByRole('textbox', { name: /Thresholds/ });
    await user.clear(thresholds);
    await user.type(thresholds, '100, 50, 75');
    await user.click(within(dialog).getByRole('switch', { name: /Hard stop/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo(SAVE)).toHaveLength(1));
    expect(stub.callsTo(SAVE)[0]?.body).toEqual({ amount: 200_000_000, thresholds: [50, 75, 100], hardStop: true });
    expect(await (await card()).findByTestId('budget-amount')).toHaveTextContent('$200.00 a month');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes the budget only after confirmation', async () => {
    const { stub, user } = open(PAYING, { [BUDGET]: ok(WITH_BUDGET), [REMOVE]: ok(statusOf()) });
    await user.click(await (await card()).findByRole('button', { name: BUDGET_MESSAGES.remove }));
    const confirm = await screen.findByRole('dialog', { name: BUDGET_MESSAGES.remove });
    expect(within(confirm).getByText(BUDGET_MESSAGES.removeConfirm)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(REMOVE)).toHaveLength(0);
    await user.click(await (await card()).findByRole('button', { name: BUDGET_MESSAGES.remove }));
    await user.click(within(await screen.findByRole('dialog', { name: BUDGET_MESSAGES.remove })).getByRole('button', { name: 'Remove' }));
    expect(await (await card()).findByText(BUDGET_MESSAGES.empty)).toBeInTheDocument();
    expect(stub.callsTo(REMOVE)).toHaveLength(1);
  });
});
