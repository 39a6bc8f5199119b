import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { visible } from './wait';

/** A short description of what has focus (tag, role, name), for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing)';
    const role = el.getAttribute('role');
    const label = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.innerText : undefined;
    const name = (el.getAttribute('aria-label') ?? label ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`;
  });
}

/** Whether one of the elements the locator matches (by role and accessible name, say) has focus. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) => els.some((el) => el === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab, or ArrowDown in a menu) until `target` has focus, at most `max` times, so
 * that a control the keyboard cannot reach fails here, naming where focus went.
 */
export async function tabTo(page: Page, target: Locator, { key = 'Tab', max = 40 }: { key?: 'Tab' | 'Shift+Tab' | 'ArrowDown'; max?: number } = {}): Promise<void> {
  await visible(target);
  const trail: string[] = [];
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) return;
    if (presses === max) break;
    trail.push(await describeFocus(page));
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} never reached ${target.toString()}; focus went ${trail.join(' → ')}`);
}

/** Asserts that `target` has focus now (after a dialog opened or closed, say). */
export async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await visible(target);
  try {
    await expect.poll(() => hasFocus(target), { timeout: 10_000 }).toBe(true);
  } catch {
    throw new Error(`focus is on ${await describeFocus(page)}, not on ${target.toString()}`);
  }
}

interface Ring {
  focusVisible: boolean;
  outline: string | null;
  shadow: string | null;
}

/**
 * The focus ring drawn for the focused element: it must match :focus-visible
 * (keyboard focus) and a computed outline or box-shadow must be drawn: by
 * the element, or by the box around it (a password field's box wraps its
 * input, so the outline of its parent or grandparent counts). A radio or checkbox input
 * that is visually hidden draws its ring on the element after it (Mantine's
 * SegmentedControl and Switch), so that one is read instead.
 */
export async function expectFocusRing(page: Page): Promise<void> {
  const ring = await page.evaluate((): Ring | null => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const drawn = (node: Element) => {
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : null;
      const shadow = s.boxShadow !== 'none' ? s.boxShadow : null;
      return { outline, shadow };
    };
    const hiddenInput = el instanceof HTMLInputElement && ['radio', 'checkbox'].includes(el.type) && getComputedStyle(el).opacity === '0';
    // The box around an input counts by its outline only: a card's resting shadow is no focus ring.
    const box = (node: Element | null | undefined) => (node ? { outline: drawn(node).outline, shadow: null } : null);
    const candidates = hiddenInput ? [el.nextElementSibling ? drawn(el.nextElementSibling) : null] : [drawn(el), box(el.parentElement), box(el.parentElement?.parentElement)];
    const found = candidates.find((d) => d && (d.outline || d.shadow));
    return { focusVisible: el.matches(':focus-visible'), outline: found?.outline ?? null, shadow: found?.shadow ?? null };
  });
  const where = await describeFocus(page);
  expect(ring, 'something has focus').not.toBeNull();
  expect(ring?.focusVisible, `${where} matches :focus-visible`).toBe(true);
  expect(ring?.outline ?? ring?.shadow, `${where} draws a focus ring (outline or box-shadow)`).toBeTruthy();
}

/** Tabs to `target`, checks it shows a focus ring. */
export async function tabToVisibly(page: Page, target: Locator, opts?: Parameters<typeof tabTo>[2]): Promise<void> {
  await tabTo(page, target, opts);
  await expectFocusRing(page);
}

/** Whether focus is inside `container` (a dialog). */
export function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement));
}

/** A live region a screen reader announces (role status or alert, or aria-live) holding `text`. */
export function liveRegionWith(page: Page, text: string): Locator {
  return page.locator('[role="status"], [role="alert"], [aria-live="polite"], [aria-live="assertive"]').filter({ hasText: text });
}

/**
 * Spinners on screen (Mantine loaders) without a text alternative. One is
 * fine inside a status, progressbar or alert region that has a name or
 * words, or inside a button with words (a loading button), or hidden from
 * screen readers beside words that say the same (a status badge's label).
 */
export function spinnersWithoutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const words = (el: Element | null | undefined) => Boolean(el && (el.getAttribute('aria-label') || el.textContent?.trim()));
    return Array.from(document.querySelectorAll('.mantine-Loader-root'))
      .filter((loader) => {
        if (words(loader.closest('[role="status"], [role="progressbar"], [role="alert"]'))) return false;
        if (words(loader.closest('button'))) return false;
        // Hidden, with words close by: within the few wrappers a badge or label puts around it.
        const hidden = loader.closest('[aria-hidden="true"]');
        const near = [hidden?.parentElement, hidden?.parentElement?.parentElement, hidden?.parentElement?.parentElement?.parentElement];
        return !(hidden && near.some(words));
      })
      .map((loader) => (loader.parentElement?.outerHTML ?? loader.outerHTML).slice(0, 160));
  });
}
