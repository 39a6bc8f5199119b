import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingMantineStyles } from '../../../vite-mantine-styles';

const mantineRoot = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
const stylesheet = (name: string) => readFileSync(join(mantineRoot, 'styles', name), 'utf8');
/** A component's class map as Mantine ships it, and as the minifier rewrites it (backticks). */
const classMap = (component: string) => readFileSync(join(mantineRoot, 'esm/components', component, `${component}.module.css.mjs`), 'utf8');
const minified = (code: string) => code.replaceAll('"', '`');

describe('the build fails when a Mantine component ships without its styles (vite-mantine-styles.ts)', () => {
  it('names the stylesheet of a component whose classes no emitted CSS defines', () => {
    expect(missingMantineStyles([classMap('Radio'), classMap('Indicator')], [stylesheet('Input.css')])).toEqual(['Indicator.css', 'Radio.css']);
  });

  it('reads class names in any quotes the minifier picks', () => {
    expect(missingMantineStyles([minified(classMap('Radio'))], [])).toEqual(['Radio.css']);
  });

  it('passes once the stylesheet is emitted, inline in index.html or as a file', () => {
    expect(missingMantineStyles([classMap('Radio')], [`<html><style>${stylesheet('Radio.css')}</style></html>`])).toEqual([]);
    expect(missingMantineStyles([minified(classMap('Loader'))], [stylesheet('Loader.css')])).toEqual([]);
  });

  it('takes a keyframes name as defined by the stylesheet that declares it', () => {
    // Loader's class map carries its animations' names, which Loader.css declares as @keyframes.
    expect(classMap('Loader')).toMatch(/"m_5d2b3b9d"/);
    expect(missingMantineStyles([classMap('Loader')], [stylesheet('Loader.css')])).toEqual([]);
  });
});
