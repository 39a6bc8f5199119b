/**
 * A PostCSS plugin that leaves out the dark colour scheme's rules. The console is light
 * only (MantineProvider's defaultColorScheme, `<meta name="color-scheme" content="light">`
 * and `data-mantine-color-scheme="light"` on <html>), yet Mantine's stylesheets carry a
 * dark twin of every colour rule: a sixth of the CSS the document brings inline, parsed
 * and matched on every page load for nothing.
 */
const DARK = /\[data-mantine-color-scheme=(['"]?)dark\1\]/;

interface CssRule {
  selectors: string[];
  remove(): void;
}

export function lightOnly() {
  return {
    postcssPlugin: 'console:light-only',
    Rule(rule: CssRule) {
      const kept = rule.selectors.filter((selector) => !DARK.test(selector));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    },
  };
}
