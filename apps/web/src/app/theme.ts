import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { MODAL_WIDTHS, TIMINGS_MS } from '@replay/contracts';

/**
 * Spec section 9: tooltips open after 500 ms, modals
 * come in tiny 300 / small 400 / large 700 / fullscreen 100%. Component
 * defaults are plain objects so that the theme pulls no component into the
 * login bundle.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    Tooltip: { defaultProps: { openDelay: TIMINGS_MS.tooltipDelay, withArrow: true } },
    Modal: { defaultProps: { size: 'small', centered: true } },
  },
});

/** Modal sizes as CSS variables: `<Modal size="tiny">` reads `--modal-size-tiny`. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--modal-size-tiny': `${MODAL_WIDTHS.tiny}px`,
    '--modal-size-small': `${MODAL_WIDTHS.small}px`,
    '--modal-size-large': `${MODAL_WIDTHS.large}px`,
    '--modal-size-fullscreen': MODAL_WIDTHS.fullscreen,
  },
  light: {},
  dark: {},
});

export type ModalSize = keyof typeof MODAL_WIDTHS;
