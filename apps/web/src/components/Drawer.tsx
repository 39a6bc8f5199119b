import { Drawer as MantineDrawer, type DrawerProps } from '@mantine/core';
import { useEffect, useEffectEvent } from 'react';
import { escapeAnswered } from './dialog-escape';

/**
 * Every side drawer of the console. Escape closes the drawer, as Mantine's does, unless a dialog
 * opened over it (a confirmation from one of its sections) answered the press: Mantine listens on
 * the window for each, so one Escape closed both, the drawer after its exit transition.
 */
export function Drawer({ onClose, closeOnEscape = true, opened, ...props }: DrawerProps) {
  const onEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing || escapeAnswered(event)) return;
    onClose();
  });
  useEffect(() => {
    if (!opened || !closeOnEscape) return;
    // Captured, as Mantine's own, so a tooltip that takes Escape on its way up cannot keep it;
    // on the document, so an open dialog's mark (captured on the window) comes first.
    document.addEventListener('keydown', onEscape, true);
    return () => document.removeEventListener('keydown', onEscape, true);
  }, [opened, closeOnEscape]);
  return <MantineDrawer {...props} opened={opened} onClose={onClose} closeOnEscape={false} />;
}
