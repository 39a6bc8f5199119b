import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Playwright's own expect is not in playwright-core: these wait the same way. */
export const visible = (l: Locator) => l.first().waitFor({ state: 'visible' });
export const hidden = (l: Locator) => l.first().waitFor({ state: 'hidden' });
export const disabled = (l: Locator, value = true) => expect.poll(() => l.isDisabled(), { timeout: 10_000 }).toBe(value);
export const valueOf = (l: Locator, value: string) => expect.poll(() => l.inputValue(), { timeout: 10_000 }).toBe(value);
