import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, PRIMARY_SHADE, readableText, TEXT_CONTRAST } from './theme';

/** Opaque colour of `color` at `opacity` over a surface (white unless given), as a browser paints it. */
function overWhite(color: string, opacity: number, surface = '#ffffff'): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const [sr, sg, sb] = [1, 3, 5].map((i) => parseInt(surface.slice(i, i + 2), 16));
  const mix = (c: number, under: number) => Math.round(c * opacity + under * (1 - opacity));
  return `rgb(${mix(r!, sr!)}, ${mix(g!, sg!)}, ${mix(b!, sb!)})`;
}

/** A hovered table row (gray.1): the darkest surface a light badge sits on. */
const HOVERED_ROW = DEFAULT_THEME.colors.gray[1];

describe('theme colours (WCAG 2.1 AA, issue 10)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's default dimmed grey on white, the figure axe reported.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s: text of the light variant is readable on its background and on white', (name) => {
    const palette = DEFAULT_THEME.colors[name]!;
    const text = readableText(palette);
    expect(contrastRatio(text, overWhite(palette[PRIMARY_SHADE], 0.1))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // A light badge in a hovered row: its 10% tint over gray.1.
    expect(contrastRatio(text, overWhite(palette[PRIMARY_SHADE], 0.1, HOVERED_ROW))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('a green badge in a hovered row reads at 4.5:1 (axe measured 4.24:1 for green.9-ish #277c38 on #deebe3)', () => {
    expect(contrastRatio(readableText(DEFAULT_THEME.colors.green), '#deebe3')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps a palette shade where one is dark enough, and darkens only where none is', () => {
    expect(readableText(DEFAULT_THEME.colors.blue)).toBe(DEFAULT_THEME.colors.blue[9]);
    expect(readableText(DEFAULT_THEME.colors.yellow)).not.toBe(DEFAULT_THEME.colors.yellow[9]);
  });

  it('white on the primary filled shade is readable', () => {
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.blue[PRIMARY_SHADE])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
