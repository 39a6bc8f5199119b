import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { lightOnly } from '../../../vite-light-only';

const run = async (css: string) => (await postcss([lightOnly()]).process(css, { from: undefined })).css.replace(/\s+/g, ' ').trim();

describe('the build leaves out the dark colour scheme (vite-light-only.ts)', () => {
  it('drops rules that only apply in the dark scheme, in every quoting Mantine uses', async () => {
    expect(
      await run(`:root[data-mantine-color-scheme='dark'] { --c: #000; } :where([data-mantine-color-scheme="dark"]) .m_1 { color: white; } [data-mantine-color-scheme=dark] .m_2 { color: red; }`),
    ).toBe('');
  });

  it('keeps light and scheme-free rules, and the light half of a shared rule', async () => {
    expect(await run(`:root[data-mantine-color-scheme='light'] { --c: #fff; } .m_3 { color: blue; }`)).toBe(`:root[data-mantine-color-scheme='light'] { --c: #fff; } .m_3 { color: blue; }`);
    expect(await run(`[data-mantine-color-scheme='light'] .m_4, [data-mantine-color-scheme='dark'] .m_4 { color: gray; }`)).toBe(`[data-mantine-color-scheme='light'] .m_4 { color: gray; }`);
  });
});
