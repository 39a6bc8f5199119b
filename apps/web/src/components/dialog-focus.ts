import { useEffect } from 'react';

/**
 * Where focus goes back to: the element that had it, or, for an item of a
 * menu (which goes away as the dialog opens), the button of that menu: the
 * element that labels it.
 */
function openerOf(active: Element | null): HTMLElement | null {
  const labelledBy = active?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const trigger = labelledBy ? document.getElementById(labelledBy) : null;
  const opener = trigger ?? active;
  return opener instanceof HTMLElement && opener !== document.body ? opener : null;
}

/**
 * Gives focus back to whatever opened a dialog once it closes or unmounts.
 * Mantine's own return only follows a change of `opened`, so a dialog
 * rendered only while needed (mounted already open) never recorded its
 * opener and left focus on the page body when it went away. A passive
 * effect on purpose: it reads the opener before the dialog's focus trap moves
 * focus inside (on a timer), and on close it runs after React has put back
 * the focus it saw before the commit (in the closing dialog, still mounted
 * for its exit transition), so it has the last word.
 */
export function useReturnFocus(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    const opener = openerOf(document.activeElement);
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opened]);
}
