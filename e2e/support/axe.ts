import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe's finding: one rule, the elements that fail it (axe-core's own type, reached through the builder). */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The rule set every screen must pass: WCAG 2.0 and 2.1, levels A and AA (issue 10). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's source, evaluated only where this version is not already loaded. The builder
 * evaluates its source twice per check, and a screen checked again after a client-side
 * navigation keeps its window: 550 kB parsed and run for nothing each time.
 */
const AXE_ONCE_PER_DOCUMENT = `if (window.axe?.version !== ${JSON.stringify(axe.version)}) {\n${axe.source}\n}`;

/**
 * Waits until the page's finite animations and transitions have ended: a
 * dialog or toast fading in is painted half transparent, and axe would judge
 * the contrast of colours no one sees once it has settled. Endless ones
 * (spinners, skeletons) never end and are left running. One ending can start
 * another (a dialog's autofocus after its fade-in starts the button's colour
 * transition), so it looks again, two frames later, until none is running.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let look = 0; look < 20; look += 1) {
      await frame();
      await frame();
      const finite = document.getAnimations().filter((a) => a.playState !== 'finished' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * axe's violations on the page as it is now: the whole document, dialogs and portals included,
 * or only the parts `include` selects (for a page too large to check whole, see expectAccessible).
 */
export async function axeViolations(page: Page, include: string[] = [], exclude: string[] = []): Promise<Result[]> {
  await settled(page);
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT }).withTags(WCAG_TAGS);
  // A page without frames is checked by axe.run in the page itself (the builder's legacy mode).
  // Its default, axe.runPartial in each frame and axe.finishRun in a blank page opened for the
  // purpose, gives the same findings there and exists for cross-origin frames, which then remain
  // its to check; the blank page opened, loaded with axe-core and closed was half of each check.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  for (const selector of include) builder.include(selector);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations;
}

/** One line per failing element: rule, impact, where, and axe's own words on what to fix. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
        return `- ${v.id} (${node.impact ?? v.impact ?? 'unknown'}) at ${JSON.stringify(node.target)}: ${summary}`;
      }),
    )
    .join('\n');
}

/**
 * Fails, naming every violation, unless the screen as it is now (`label` says
 * which screen and state, e.g. 'members: invite dialog open') has none. Call
 * it after the screen has settled: once the text a step waits for is visible.
 * `include` narrows the check to some parts: only for a page that repeats one
 * template many times (the API reference renders each of its 130 operations
 * alike, 40,000 elements that axe takes minutes over), where one of each part
 * stands for the rest. Every screen of the console is checked whole. `exclude` leaves out parts
 * that are not ours: the instance's replay shows a customer's recorded page in rrweb's iframe.
 */
export async function expectAccessible(page: Page, label: string, include: string[] = [], exclude: string[] = []): Promise<void> {
  const violations = await axeViolations(page, include, exclude);
  if (violations.length === 0) return;
  const count = violations.reduce((n, v) => n + v.nodes.length, 0);
  throw new Error(`${label}: ${count} accessibility violation(s) (WCAG 2.1 A/AA) at ${page.url()}\n${describeViolations(violations)}`);
}
