import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES } from '@replay/contracts';
import { expectAccessible } from './support/axe';
import { closeJourney, openJourney } from './support/journey';
import type { ConsoleServer } from './support/server';
import { signUpOwner } from './support/signup';
import { hidden, visible } from './support/wait';

/**
 * The spend budget on the Billing screen in chromium against the real console: the empty state,
 * the form refusing an amount, a budget set with its hard stop and the forecast shown, the card at
 * 390 px, and removal after confirmation; axe at every state.
 */
let server: ConsoleServer;
let browser: Browser;
let page: Page;
const stamp = Date.now();

beforeAll(async () => {
  ({ server, browser, page } = await openJourney());
});
afterAll(async () => {
  await closeJourney({ server, browser });
});

const budgetCard = () => page.getByRole('region', { name: BUDGET_MESSAGES.title });

describe('the Budget card', () => {
  it('sets a budget, shows the spend and the forecast, and removes it after confirmation', { timeout: 120_000 }, async () => {
    await signUpOwner(page, { name: 'Bea Budget', organization: 'Thrift Works', email: `budget-${stamp}@example.com` });
    await page.goto('/billing');
    await visible(budgetCard().getByText(BUDGET_MESSAGES.empty));
    await expectAccessible(page, 'billing: no budget set');

    await budgetCard().getByRole('button', { name: BUDGET_MESSAGES.set }).click();
    const dialog = page.getByRole('dialog', { name: BUDGET_MESSAGES.set });
    await visible(dialog);
    await dialog.getByLabel(/Monthly amount/).fill('0.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText(BUDGET_MESSAGES.amount));
    await expectAccessible(page, 'budget form with an error');
    await dialog.getByLabel(/Monthly amount/).fill('250');
    await dialog.getByLabel(/Thresholds/).fill('100, 50, 80');
    await dialog.getByRole('switch', { name: /Hard stop/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await hidden(dialog);

    await visible(budgetCard().getByTestId('budget-amount'));
    expect(await budgetCard().getByTestId('budget-amount').innerText()).toBe('$250.00 a month');
    expect(await budgetCard().getByTestId('budget-forecast').innerText()).toMatch(/^Forecast for this month: \$\d[\d,]*\.\d\d$/);
    expect(
      await budgetCard()
        .getByText(/^Thresholds:/)
        .innerText(),
    ).toContain('50 %, 80 %, 100 % · Hard stop: on');
    await expectAccessible(page, 'billing: budget set');

    await page.setViewportSize({ width: 390, height: 844 });
    await visible(budgetCard().getByTestId('budget-forecast'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'billing: budget at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.reload();
    await visible(budgetCard().getByTestId('budget-amount'));
    await budgetCard().getByRole('button', { name: BUDGET_MESSAGES.remove }).click();
    const confirm = page.getByRole('dialog', { name: BUDGET_MESSAGES.remove });
    await visible(confirm.getByText(BUDGET_MESSAGES.removeConfirm));
    await expectAccessible(page, 'remove budget confirmation');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await visible(budgetCard().getByText(BUDGET_MESSAGES.empty));
  });
});
