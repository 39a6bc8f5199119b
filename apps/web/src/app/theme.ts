import { DEFAULT_THEME, createTheme, darken, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineTheme } from '@mantine/core';
import { MODAL_WIDTHS, TIMINGS_MS } from '@replay/contracts';

/**
 * Spec section 9: tooltips open after 500 ms, modals
 * come in tiny 300 / small 400 / large 700 / fullscreen 100%. Component
 * defaults are plain objects so that the theme pulls no component into the
 * login bundle.
 *
 * Colours meet WCAG 2.1 AA (4.5:1 for text, issue 10) here, once, for every
 * component: Mantine's default shade 6 is too light for white text on a filled
 * button (3.6:1) and for coloured text on white. The e2e journeys check every
 * screen with axe-core (e2e/support/axe.ts).
 */
export const PRIMARY_SHADE = 8;

/** The names of the icon-only close buttons of dialogs and drawers, and of toasts. */
export const CLOSE_DIALOG = { 'aria-label': 'Close dialog' } as const;
export const CLOSE_NOTIFICATION = { 'aria-label': 'Close notification' } as const;

/** WCAG's minimum contrast for normal-size text (AA). */
export const TEXT_CONTRAST = 4.5;

/** The darkest plain surface text sits on: a hovered table row, the shell's menu (gray.1). */
const DARKEST_SURFACE = '#f1f3f5';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons, anchors and outlines take shade 8: white on blue.8 is 5:1, blue.8 on white 5:1.
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  // Menus, drawers and dialogs appear without motion for a user whose system asks for reduced motion (WCAG 2.3.3).
  respectReducedMotion: true,
  components: {
    // Tooltips open on keyboard focus and touch too (Mantine's default is hover only): an icon button's tip is for everyone.
    Tooltip: { defaultProps: { openDelay: TIMINGS_MS.tooltipDelay, withArrow: true, events: { hover: true, focus: true, touch: true } } },
    // Every close button (an icon alone) needs a name for screen readers: named here, once, for every dialog, drawer and toast.
    Modal: { defaultProps: { size: 'small', centered: true, closeButtonProps: CLOSE_DIALOG } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE_DIALOG } },
    Notification: { defaultProps: { closeButtonProps: CLOSE_NOTIFICATION } },
    // A role="menu" may hold menu items only: no focus placeholder div. Opening a menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour laid over a surface (white unless given) at the given opacity, as the browser paints Mantine's `light` variant backgrounds. */
function over(hex: string, opacity: number, surface = '#ffffff'): string {
  const channel = (color: string, i: number) => parseInt(color.slice(i, i + 2), 16);
  const channels = [1, 3, 5].map((i) => Math.round(channel(hex, i) * opacity + channel(surface, i) * (1 - opacity)));
  return `rgb(${channels.join(', ')})`;
}

/**
 * The lightest shade of a palette (7 up, darkened past 9 where the palette
 * has none: yellow, orange, green, teal) readable on its own light-variant
 * background (shade 8 at 10% opacity), on the darkest plain surface, and on
 * the two together (a light badge in a hovered table row).
 */
export function readableText(palette: MantineColorsTuple): string {
  const backgrounds = [over(palette[PRIMARY_SHADE], 0.1), DARKEST_SURFACE, over(palette[PRIMARY_SHADE], 0.1, DARKEST_SURFACE)];
  const readable = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= TEXT_CONTRAST);
  const shade = [palette[7], palette[8], palette[9]].find(readable);
  if (shade) return shade;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(palette[9], amount);
    if (readable(darker)) return darker;
  }
  return '#000';
}

/** Coloured text (badges, alerts and menu items of the light variant, `c="red"`, errors) in a readable shade of each colour. */
function readableTextVariables(colors: MantineTheme['colors']): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(colors)) {
    const text = readableText(palette);
    variables[`--mantine-color-${name}-light-color`] = text;
    variables[`--mantine-color-${name}-text`] = text;
  }
  return variables;
}

/** Modal sizes as CSS variables (`<Modal size="tiny">` reads `--modal-size-tiny`), and the readable text colours. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {
    '--modal-size-tiny': `${MODAL_WIDTHS.tiny}px`,
    '--modal-size-small': `${MODAL_WIDTHS.small}px`,
    '--modal-size-large': `${MODAL_WIDTHS.large}px`,
    '--modal-size-fullscreen': MODAL_WIDTHS.fullscreen,
  },
  light: {
    ...readableTextVariables(t.colors),
    // Mantine's gray.6 is 3.3:1 on white; gray.7 is 8:1 and still reads as secondary beside black text.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': readableText(t.colors.red),
  },
  dark: {},
});

export type ModalSize = keyof typeof MODAL_WIDTHS;

/**
 * The monitoring charts' colours (a canvas cannot read CSS variables): lines in
 * the shades text uses, so each stands 3:1 or more against white (WCAG 1.4.11
 * for graphics), axis labels in the dimmed text colour, a faint grid. A
 * function, so the entry does not compute it for screens without charts.
 */
export function chartColors() {
  const { colors } = DEFAULT_THEME;
  return {
    lines: [colors.blue[PRIMARY_SHADE], readableText(colors.orange)] as const,
    axis: colors.gray[7],
    grid: colors.gray[2],
  };
}
