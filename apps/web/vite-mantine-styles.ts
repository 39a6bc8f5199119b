import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Fails the build when a Mantine component ships without its stylesheet.
 *
 * The app imports Mantine's CSS per component (src/app/styles/base.ts, console.ts and the
 * screens' own imports), not the whole styles.css, so a component whose file nobody imports
 * renders unstyled and nothing else says so: radio buttons, the notification badge and the
 * number fields' steppers once did. Each component's code carries its class names
 * (`m_` and eight hex digits, from Mantine's CSS modules) into the bundle, tree-shaken to the
 * components the app reaches; every one of them must be defined by a stylesheet the build
 * emits (a CSS file, or the entry's CSS inlined in index.html). The error names the file of
 * `@mantine/core/styles/` that defines each missing class, which is the import to add.
 */

// A string literal, in whichever quotes the minifier chose.
const CLASS_IN_CODE = /["'`](m_[0-9a-f]{8})["'`]/g;
const CLASS_IN_CSS = /m_[0-9a-f]{8}/g;

/** Class (or keyframes) name → the `@mantine/core/styles/` files defining it. */
function mantineStylesheets(): Map<string, string[]> {
  const stylesDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const byClass = new Map<string, string[]>();
  for (const file of readdirSync(stylesDir).filter((name) => name.endsWith('.css') && !name.endsWith('.layer.css'))) {
    for (const [name] of readFileSync(join(stylesDir, file), 'utf8').matchAll(CLASS_IN_CSS)) {
      const files = byClass.get(name) ?? [];
      if (!files.includes(file)) byClass.set(name, [...files, file]);
    }
  }
  return byClass;
}

/**
 * The `@mantine/core/styles/` files the code uses classes of while no stylesheet defines them
 * (sorted; a class no Mantine file defines is listed by its name).
 */
export function missingMantineStyles(code: string[], stylesheets: string[]): string[] {
  const defined = new Set(stylesheets.flatMap((css) => [...css.matchAll(CLASS_IN_CSS)].map(([name]) => name)));
  const used = new Set(code.flatMap((js) => [...js.matchAll(CLASS_IN_CODE)].map(([, name]) => name!)));
  const fileOf = mantineStylesheets();
  const missing = [...used].filter((name) => !defined.has(name)).flatMap((name) => fileOf.get(name) ?? [name]);
  return [...new Set(missing)].sort();
}

function bundleTexts(bundle: Rollup.OutputBundle): { code: string[]; stylesheets: string[] } {
  const outputs = Object.values(bundle);
  return {
    code: outputs.flatMap((output) => (output.type === 'chunk' ? [output.code] : [])),
    // index.html too: its inline <style> is the entry's CSS (vite-inline-css.ts).
    stylesheets: outputs.flatMap((output) => (output.type === 'asset' && /\.(css|html)$/.test(output.fileName) ? [String(output.source)] : [])),
  };
}

export function mantineStylesCheck(): Plugin {
  return {
    name: 'console:mantine-styles-check',
    apply: 'build',
    generateBundle: {
      // After Vite has emitted the CSS files and index.html, whichever plugin moved the CSS where.
      order: 'post',
      handler(_options, bundle) {
        const { code, stylesheets } = bundleTexts(bundle);
        const missing = missingMantineStyles(code, stylesheets);
        if (missing.length) {
          this.error(`Mantine components are used without their styles; import ${missing.map((file) => `'@mantine/core/styles/${file}'`).join(', ')} (see src/app/styles/)`);
        }
      },
    },
  };
}
