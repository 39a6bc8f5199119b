import { useLayoutEffect } from 'react';

/** The close button of every dialog and drawer: an icon, so it is named for screen readers. */
export const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close dialog' } as const;

/**
 * Where focus goes back to: the element that had it, or, for an item of an
 * open menu (which closes as the dialog opens), the button of that menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  const menu = active?.closest('[role="menu"]');
  const trigger = menu?.id ? document.querySelector(`[aria-controls="${menu.id}"]`) : null;
  const opener = trigger ?? active;
  return opener instanceof HTMLElement && opener !== document.body ? opener : null;
}

/**
 * Gives focus back to whatever opened a dialog once it closes or unmounts.
 * Mantine's own return only follows a change of `opened`, so a dialog
 * rendered only while needed (mounted already open) never recorded its
 * opener and left focus on the page body when it went away. A layout effect
 * reads the opener before the dialog's focus trap moves focus inside.
 */
export function useReturnFocus(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = openerOf(document.activeElement);
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opened]);
}
