import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Playwright's own expect is not in playwright-core: these wait the same way. */
export const visible = (l: Locator) => l.first().waitFor({ state: 'visible' });
export const hidden = (l: Locator) => l.first().waitFor({ state: 'hidden' });
export const disabled = (l: Locator, value = true) => expect.poll(() => l.isDisabled(), { timeout: 10_000 }).toBe(value);
export const valueOf = (l: Locator, value: string) => expect.poll(() => l.inputValue(), { timeout: 10_000 }).toBe(value);

/**
 * The tab a click opens. The wait and the click go together: a click that fails must not
 * leave the wait for the tab unawaited (it would fail later, in another test).
 */
export async function tabOpenedBy(link: Locator): Promise<Page> {
  const [tab] = await Promise.all([link.page().context().waitForEvent('page'), link.click()]);
  return tab;
}
