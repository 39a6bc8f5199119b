import { Drawer as MantineDrawer, type DrawerProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/**
 * Every side drawer of the console. Escape closes the drawer only when it was pressed in the
 * drawer itself. Mantine's own Escape handling listens on the window, so a confirmation opened
 * from inside a drawer (a portal elsewhere in the page) closed both at once, the drawer after
 * its exit transition. Here the key is taken from React's bubbling instead, which still passes
 * through the drawer for a dialog it opened: that press is ignored unless its target sits in the
 * drawer's own DOM, so the dialog closes alone.
 */
export function Drawer({ onClose, closeOnEscape = true, onKeyDown, ...props }: DrawerProps) {
  const closeOnOwnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const own = event.target instanceof Node && event.currentTarget.contains(event.target);
    if (closeOnEscape && own && event.key === 'Escape' && !event.nativeEvent.isComposing) onClose();
  };
  return <MantineDrawer {...props} onClose={onClose} closeOnEscape={false} onKeyDown={closeOnOwnEscape} />;
}
